import { afterEach, describe, expect, it, vi } from 'vitest';
import './define';
import type { BiEmbedElement, BiErrorDetail, BiReadyDetail } from './bi-embed-element';
import { fakeGuest, fakeToken } from './test-host';

afterEach(() => document.body.replaceChildren());

async function element(html: string): Promise<BiEmbedElement> {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  const el = host.querySelector('bi-embed')!;
  await el.updateComplete;
  await Promise.resolve();
  return el;
}

describe('<bi-embed>', () => {
  it('embeds declaratively and dispatches bi-ready and bi-data-mask (bubbling, composed)', async () => {
    const token = fakeToken({ exp: Math.floor(Date.now() / 1000) + 300 });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ token }), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const events: CustomEvent[] = [];
    for (const type of ['bi-ready', 'bi-data-mask', 'bi-error']) document.body.addEventListener(type, (e) => events.push(e as CustomEvent));
    const el = await element('<bi-embed dashboard-id="uuid-9" domain="https://bi.example.com" guest-token-url="/guest-token" hide-title hide-filters></bi-embed>');
    const iframe = el.shadowRoot!.querySelector('iframe')!;
    expect(iframe.src).toBe('https://bi.example.com/embedded/uuid-9?uiConfig=17&show_filters=false&show_share=false');
    const tokens: string[] = [];
    const board = fakeGuest(iframe, (b) => b.defineMethod('guestToken', ({ guestToken }) => tokens.push(guestToken))).load();
    await vi.waitFor(() => expect(events.map((e) => e.type)).toContain('bi-ready'));
    const ready = events.find((e) => e.type === 'bi-ready')!;
    expect(ready.bubbles && ready.composed).toBe(true);
    expect((ready.detail as BiReadyDetail).embedded).toBe(el.embedded);
    await vi.waitFor(() => expect(tokens).toEqual([token]));
    expect(fetchMock).toHaveBeenCalledWith('/guest-token', expect.objectContaining({ method: 'POST', credentials: 'include' }));

    board.emit('observeDataMask', { 'NATIVE_FILTER-1': { filterState: { value: ['North'] } }, nativeFiltersChanged: true });
    await vi.waitFor(() => expect(events.map((e) => e.type)).toContain('bi-data-mask'));
    expect(events.find((e) => e.type === 'bi-data-mask')!.detail).toMatchObject({ nativeFiltersChanged: true });
    el.remove();
    expect(el.embedded).toBeNull();
    vi.unstubAllGlobals();
  });

  it('uses a fetchGuestToken property and reports failures as bi-error', async () => {
    const errors: BiErrorDetail[] = [];
    document.body.addEventListener('bi-error', (e) => errors.push((e as CustomEvent<BiErrorDetail>).detail));
    const el = await element('<bi-embed domain="https://bi.example.com"></bi-embed>');
    el.fetchGuestToken = async () => {
      throw new Error('nope');
    };
    el.dashboardId = 'uuid-1';
    await el.updateComplete;
    await Promise.resolve();
    fakeGuest(el.shadowRoot!.querySelector('iframe')!).load();
    await vi.waitFor(() => expect(errors.map((e) => e.error.code)).toContain('GUEST_TOKEN_FETCH_FAILED'));
    el.remove();
  });

  it('reports a missing token source', async () => {
    const errors: BiErrorDetail[] = [];
    document.body.addEventListener('bi-error', (e) => errors.push((e as CustomEvent<BiErrorDetail>).detail));
    await element('<bi-embed dashboard-id="u" domain="https://bi.example.com"></bi-embed>');
    await vi.waitFor(() => expect(errors[0]?.error.message).toContain('guest-token-url'));
  });
});
