import { afterEach, describe, expect, it, vi } from 'vitest';
import { embedChart } from './embed-chart';
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

describe('embedDashboard', () => {
  it('mounts the iframe, hands the port to the exact origin and sends the guest token', async () => {
    const target = mountPoint();
    target.append(document.createElement('span'));
    const guestToken = token();
    const pending = embedDashboard({
      id: 'uuid-1',
      domain: 'https://bi.example.com/lumen',
      mountPoint: target,
      fetchGuestToken: async () => guestToken,
      dashboardUiConfig: { hideTitle: true, emitDataMasks: true, filters: { visible: false } },
    });
    await Promise.resolve();
    const iframe = target.querySelector('iframe')!;
    expect(target.children).toHaveLength(1);
    expect(iframe.src).toBe('https://bi.example.com/lumen/embedded/uuid-1?uiConfig=17&show_filters=false&show_share=false');
    const received: string[] = [];
    const guest = fakeGuest(iframe, (board) => board.defineMethod('guestToken', ({ guestToken: t }) => received.push(t)));
    guest.load();
    const dashboard = await pending;
    expect(guest.posts).toHaveLength(1);
    expect(guest.posts[0].targetOrigin).toBe('https://bi.example.com');
    expect(guest.posts[0].message).toEqual({ type: '__embedded_comms__', handshake: 'port transfer', protocolVersion: 1 });
    expect(guest.posts[0].transfer).toHaveLength(1);
    await vi.waitFor(() => expect(received).toEqual([guestToken]));
    dashboard.unmount();
    expect(target.querySelector('iframe')).toBeNull();
  });

  it('exposes the typed calls and the guest-to-host methods', async () => {
    const target = mountPoint();
    const pending = embedDashboard({
      id: 'uuid-2',
      domain: 'https://bi.example.com',
      mountPoint: target,
      fetchGuestToken: async () => token(),
      resolvePermalinkUrl: ({ key }) => `https://host.example/report?permalink=${key}`,
      dashboardUiConfig: { emitDataMasks: true },
    });
    await Promise.resolve();
    const dataMask = { 'NATIVE_FILTER-1': { filterState: { value: ['North'] } } };
    let setMask: unknown = null;
    const guest = fakeGuest(target.querySelector('iframe')!, (board) => {
      board.defineMethod('getScrollSize', () => ({ width: 1024, height: 2000 }));
      board.defineMethod('getDashboardPermalink', ({ anchor }) => `https://bi.example.com/superset/dashboard/p/k1/#${anchor}`);
      board.defineMethod('getActiveTabs', () => ['TAB-1']);
      board.defineMethod('getDataMask', () => dataMask);
      board.defineMethod('setDataMask', ({ dataMask: mask }) => {
        setMask = mask;
      });
      board.defineMethod('getChartStates', () => ({ '12': { sortBy: 'x' } }));
      board.defineMethod('getChartDataPayloads', (args) => ({ chartId: args?.chartId ?? null }));
    });
    const board = guest.load();
    const dashboard = await pending;
    expect(await dashboard.getScrollSize()).toEqual({ width: 1024, height: 2000 });
    expect(await dashboard.getDashboardPermalink('CHART-1')).toContain('#CHART-1');
    expect(await dashboard.getActiveTabs()).toEqual(['TAB-1']);
    expect(await dashboard.getDataMask()).toEqual(dataMask);
    await dashboard.setDataMask({ 'NATIVE_FILTER-1': { filterState: { value: ['East'] } } });
    expect(setMask).toEqual({ 'NATIVE_FILTER-1': { filterState: { value: ['East'] } } });
    expect(await dashboard.getChartStates()).toEqual({ '12': { sortBy: 'x' } });
    expect(await dashboard.getChartDataPayloads({ chartId: 12 })).toEqual({ chartId: 12 });

    const masks: unknown[] = [];
    dashboard.observeDataMask((mask) => masks.push(mask));
    board.emit('observeDataMask', { ...dataMask, nativeFiltersChanged: true });
    await vi.waitFor(() => expect(masks).toEqual([{ ...dataMask, nativeFiltersChanged: true }]));
    expect(await board.get('resolvePermalinkUrl', { key: 'k1' })).toBe('https://host.example/report?permalink=k1');

    const themes: unknown[] = [];
    board.defineMethod('setThemeMode', ({ mode }) => themes.push(mode));
    dashboard.setThemeMode('dark');
    await vi.waitFor(() => expect(themes).toEqual(['dark']));
    dashboard.unmount();
  });

  it('re-handshakes after an in-iframe navigation and re-sends the token and theme', async () => {
    const target = mountPoint();
    const guestToken = token();
    const pending = embedDashboard({ id: 'u', domain: 'https://bi.example.com', mountPoint: target, fetchGuestToken: async () => guestToken });
    await Promise.resolve();
    const seen: string[] = [];
    const guest = fakeGuest(target.querySelector('iframe')!, (board) => {
      board.defineMethod('guestToken', () => seen.push('token'));
      board.defineMethod('setThemeMode', ({ mode }) => seen.push(`mode:${mode}`));
    });
    guest.load();
    const dashboard = await pending;
    await vi.waitFor(() => expect(seen).toEqual(['token']));
    dashboard.setThemeMode('dark');
    await vi.waitFor(() => expect(seen).toEqual(['token', 'mode:dark']));
    guest.load();
    await vi.waitFor(() => expect(seen).toEqual(['token', 'mode:dark', 'token', 'mode:dark']));
    expect(guest.posts).toHaveLength(2);
    dashboard.unmount();
  });

  it('reports token failures through onError instead of failing silently', async () => {
    const target = mountPoint();
    const errors: EmbedError[] = [];
    const pending = embedDashboard({
      id: 'u',
      domain: 'https://bi.example.com',
      mountPoint: target,
      fetchGuestToken: async () => {
        throw new Error('backend down');
      },
      onError: (e) => errors.push(e),
    });
    await Promise.resolve();
    fakeGuest(target.querySelector('iframe')!).load(null);
    // Without a token the guest can show nothing: the embed fails, once, with the cause.
    await expect(pending).rejects.toMatchObject({ code: 'GUEST_TOKEN_FETCH_FAILED' });
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toContain('backend down');
  });

  it('unmounts through an AbortSignal before the iframe loads, stopping token refresh', async () => {
    vi.useFakeTimers();
    try {
      const target = mountPoint();
      const controller = new AbortController();
      const fetchGuestToken = vi.fn(async () => {
        throw new Error('offline');
      });
      const pending = embedDashboard({ id: 'u', domain: 'https://bi.example.com', mountPoint: target, fetchGuestToken, signal: controller.signal, onError: () => undefined });
      const settled = pending.catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(0);
      controller.abort();
      expect(await settled).toMatchObject({ code: 'UNMOUNTED' });
      expect(target.querySelector('iframe')).toBeNull();
      const calls = fetchGuestToken.mock.calls.length;
      await vi.advanceTimersByTimeAsync(60_000);
      expect(fetchGuestToken.mock.calls.length).toBe(calls);
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects invalid options with an EmbedError', async () => {
    const target = mountPoint();
    await expect(embedDashboard({ id: 'u', domain: 'bi.example.com', mountPoint: target, fetchGuestToken: async () => 't' })).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
    await expect(embedDashboard({ id: 'u', domain: 'https://bi.example.com', mountPoint: target, fetchGuestToken: 't' as never })).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
  });
});

describe('embedChart', () => {
  it('embeds /embedded/chart/{id} with the same channel', async () => {
    const target = mountPoint();
    const pending = embedChart({ id: 42, domain: 'https://bi.example.com', mountPoint: target, fetchGuestToken: async () => token(), chartUiConfig: { hideChartControls: true } });
    await Promise.resolve();
    const iframe = target.querySelector('iframe')!;
    expect(iframe.src).toBe('https://bi.example.com/embedded/chart/42?uiConfig=8');
    expect(iframe.title).toBe('Embedded Chart');
    fakeGuest(iframe, (board) => board.defineMethod('getScrollSize', () => ({ width: 1, height: 2 }))).load();
    const chart = await pending;
    expect(await chart.getScrollSize()).toEqual({ width: 1, height: 2 });
    expect('getActiveTabs' in chart).toBe(false);
    chart.unmount();
  });
});
