import { afterEach, describe, expect, it, vi } from 'vitest';
// The switchboard lives in core (framework-free); its tests run here, where the DOM MessageChannel types exist.
import type { GuestChannel, HostChannel, UntypedChannel } from '@lumen-bi/core';
import { Switchboard, SwitchboardError } from '@lumen-bi/core';

const open: Switchboard<UntypedChannel, UntypedChannel>[] = [];
function pair() {
  const { port1, port2 } = new MessageChannel();
  const guest = new Switchboard<GuestChannel, HostChannel>({ port: port1, name: 'guest' });
  const host = new Switchboard<HostChannel, GuestChannel>({ port: port2, name: 'host' });
  open.push(guest as never, host as never);
  return { guest, host, port1, port2 };
}

afterEach(() => {
  for (const board of open.splice(0)) board.close();
  vi.useRealTimers();
});

describe('Switchboard over a real MessageChannel', () => {
  it('round-trips requests with arguments and results, both directions', async () => {
    const { guest, host } = pair();
    guest.defineMethod('getScrollSize', () => ({ width: 800, height: 600 }));
    guest.defineMethod('getDashboardPermalink', async ({ anchor }) => `https://bi.example/p/abc#${anchor}`);
    host.defineMethod('resolvePermalinkUrl', ({ key }) => `https://host.example/page?permalink=${key}`);
    guest.start();
    host.start();
    await expect(host.get('getScrollSize')).resolves.toEqual({ width: 800, height: 600 });
    await expect(host.get('getDashboardPermalink', { anchor: 'CHART-1' })).resolves.toBe('https://bi.example/p/abc#CHART-1');
    await expect(guest.get('resolvePermalinkUrl', { key: 'k1' })).resolves.toBe('https://host.example/page?permalink=k1');
  });

  it('uses the incumbent wire shapes and message ids', async () => {
    const { port1, port2 } = new MessageChannel();
    const seen: unknown[] = [];
    port1.addEventListener('message', (event) => {
      seen.push(event.data);
      port1.postMessage({ switchboardAction: 'reply', messageId: event.data.messageId, result: ['TAB-1'] });
    });
    port1.start();
    const host = new Switchboard<HostChannel, GuestChannel>({ port: port2, name: 'host' });
    open.push(host as never);
    host.start();
    await expect(host.get('getActiveTabs')).resolves.toEqual(['TAB-1']);
    host.emit('guestToken', { guestToken: 'abc' });
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[0]).toEqual({ switchboardAction: 'get', method: 'getActiveTabs', messageId: 'm_host_1', args: undefined });
    expect(seen[1]).toEqual({ switchboardAction: 'emit', method: 'guestToken', args: { guestToken: 'abc' } });
    port1.close();
  });

  it('answers an undefined method with the explicit error message', async () => {
    const { guest, host } = pair();
    guest.start();
    host.start();
    const error = await host.get('getChartStates').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SwitchboardError);
    expect((error as SwitchboardError).message).toBe('[guest] Method "getChartStates" is not defined');
    expect((error as SwitchboardError).reason).toBe('remote');
  });

  it('reports a throwing handler without leaking its error', async () => {
    const { guest, host } = pair();
    guest.defineMethod('getDataMask', () => {
      throw new Error('secret internals');
    });
    guest.start();
    host.start();
    await expect(host.get('getDataMask')).rejects.toThrow('[guest] Method "getDataMask" threw an error');
  });

  it('delivers emits to their handler and ignores foreign messages', async () => {
    const { guest, host, port2 } = pair();
    const tokens: string[] = [];
    guest.defineMethod('guestToken', ({ guestToken }) => tokens.push(guestToken));
    guest.start();
    host.start();
    port2.postMessage({ hello: 'world' });
    port2.postMessage({ switchboardAction: 'get' });
    host.emit('guestToken', { guestToken: 't1' });
    host.emit('guestToken', { guestToken: 't2' });
    await vi.waitFor(() => expect(tokens).toEqual(['t1', 't2']));
  });

  it('times out a request nobody answers, and rejects pending requests on close', async () => {
    const { port2 } = new MessageChannel();
    const host = new Switchboard<HostChannel, GuestChannel>({ port: port2, name: 'host', timeoutMs: 50 });
    host.start();
    await expect(host.get('getScrollSize')).rejects.toThrow('[host] Method "getScrollSize" timed out after 50 ms');
    const pending = host.get('getScrollSize', undefined, { timeoutMs: 0 });
    host.close();
    await expect(pending).rejects.toMatchObject({ reason: 'closed' });
    await expect(host.get('getActiveTabs')).rejects.toMatchObject({ reason: 'closed' });
  });

  it('keeps concurrent requests apart', async () => {
    const { guest, host } = pair();
    guest.defineMethod('getDashboardPermalink', async ({ anchor }) => {
      await new Promise((r) => setTimeout(r, anchor === 'slow' ? 30 : 1));
      return anchor;
    });
    guest.start();
    host.start();
    const [slow, fast] = await Promise.all([host.get('getDashboardPermalink', { anchor: 'slow' }), host.get('getDashboardPermalink', { anchor: 'fast' })]);
    expect([slow, fast]).toEqual(['slow', 'fast']);
  });
});
