import { afterEach, describe, expect, it, vi } from 'vitest';
import { BiEmbedElement } from './bi-embed-element';
import { embedDashboard } from './embed-dashboard';
import type { EmbedError } from './embed-error';
import { fakeGuest, fakeToken } from './test-host';

const token = () => fakeToken({ iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 300 });

afterEach(() => document.body.replaceChildren());

function mountPoint(): HTMLElement {
  const div = document.createElement('div');
  document.body.append(div);
  return div;
}

describe('embed failures', () => {
  it('rejects and calls onError with the code the guest page reports', async () => {
    const target = mountPoint();
    const errors: EmbedError[] = [];
    const pending = embedDashboard({ id: 'u', domain: 'https://bi.example.com', mountPoint: target, fetchGuestToken: async () => token(), onError: (e) => errors.push(e) });
    await Promise.resolve();
    fakeGuest(target.querySelector('iframe')!).load({ state: 'failed', code: 'TOKEN_EXPIRED', message: 'Guest token has expired' });
    await expect(pending).rejects.toMatchObject({ code: 'TOKEN_EXPIRED', message: 'Guest token has expired' });
    expect(errors.map((e) => e.code)).toEqual(['TOKEN_EXPIRED']);
    // The guest's error panel stays visible.
    expect(target.querySelector('iframe')).not.toBeNull();
  });

  it('rejects with NETWORK and shows a panel when the guest page never answers', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const target = mountPoint();
    const pending = embedDashboard({ id: 'u', domain: 'https://bi.example.com', mountPoint: target, fetchGuestToken: async () => token(), connectTimeoutMs: 50, onError: () => undefined });
    await Promise.resolve();
    fakeGuest(target.querySelector('iframe')!).load(null);
    await expect(pending).rejects.toMatchObject({ code: 'NETWORK' });
    expect(target.querySelector('[role="alert"]')?.textContent).toContain('cannot be reached');
    vi.unstubAllGlobals();
  });

  it('rejects with ORIGIN_NOT_ALLOWED when the server answers but its page never runs in the frame', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(null, { status: 200 })));
    const target = mountPoint();
    const pending = embedDashboard({ id: 'u', domain: 'https://bi.example.com', mountPoint: target, fetchGuestToken: async () => token(), connectTimeoutMs: 50, onError: () => undefined });
    await Promise.resolve();
    fakeGuest(target.querySelector('iframe')!).load(null);
    await expect(pending).rejects.toMatchObject({ code: 'ORIGIN_NOT_ALLOWED' });
    expect(target.querySelector('[role="alert"]')?.textContent).toContain('not allowed to embed');
    vi.unstubAllGlobals();
  });

  it('rejects with NOT_FOUND when the page never runs and the server does not know the uuid', async () => {
    vi.stubGlobal('fetch', (url: string) => Promise.resolve(new Response(null, { status: String(url).includes('/api/v1/embedded_dashboard/') ? 404 : 200 })));
    const target = mountPoint();
    const pending = embedDashboard({ id: 'u', domain: 'https://bi.example.com', mountPoint: target, fetchGuestToken: async () => token(), connectTimeoutMs: 50, onError: () => undefined });
    await Promise.resolve();
    fakeGuest(target.querySelector('iframe')!).load(null);
    await expect(pending).rejects.toMatchObject({ code: 'NOT_FOUND' });
    vi.unstubAllGlobals();
  });

  it('<bi-embed> fires bi-error with the code and never bi-ready', async () => {
    if (!customElements.get('bi-embed')) customElements.define('bi-embed', BiEmbedElement);
    const el = document.createElement('bi-embed') as BiEmbedElement;
    const events: string[] = [];
    el.addEventListener('bi-ready', () => events.push('ready'));
    el.addEventListener('bi-error', (e) => events.push((e as CustomEvent<{ error: EmbedError }>).detail.error.code));
    el.fetchGuestToken = async () => token();
    el.setAttribute('dashboard-id', 'u');
    el.setAttribute('domain', 'https://bi.example.com');
    document.body.append(el);
    await vi.waitFor(() => expect(el.shadowRoot?.querySelector('iframe')).toBeTruthy());
    fakeGuest(el.shadowRoot!.querySelector('iframe')!).load({ state: 'failed', code: 'ORIGIN_NOT_ALLOWED', message: 'refused' });
    await vi.waitFor(() => expect(events).toEqual(['ORIGIN_NOT_ALLOWED']));
  });
});
