import { type GuestChannel, type HostChannel, Switchboard } from '@lumen-bi/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureEmbedHandshakes } from './handshake-buffer';
import { startGuestChannel } from './start-guest-channel';

/** A window stand-in: the guest listens on it, the test delivers handshakes like the browser would. */
function fakeWindow(search = '') {
  const listeners = new Set<(event: MessageEvent) => void>();
  return {
    location: { search },
    addEventListener: (_type: string, fn: (event: MessageEvent) => void) => listeners.add(fn),
    removeEventListener: (_type: string, fn: (event: MessageEvent) => void) => listeners.delete(fn),
    deliver(data: unknown, origin: string, ports: MessagePort[]) {
      for (const fn of listeners) fn(new MessageEvent('message', { data, origin, ports }));
    },
    get listenerCount() {
      return listeners.size;
    },
  };
}

const HANDSHAKE = { type: '__embedded_comms__', handshake: 'port transfer' };
const boards: Switchboard<HostChannel, GuestChannel>[] = [];
afterEach(() => boards.splice(0).forEach((b) => b.close()));

function host(win: ReturnType<typeof fakeWindow>, origin: string, data: unknown = HANDSHAKE) {
  const { port1, port2 } = new MessageChannel();
  const board = new Switchboard<HostChannel, GuestChannel>({ port: port1, name: 'host', timeoutMs: 300 });
  boards.push(board);
  board.start();
  win.deliver(data, origin, [port2]);
  return board;
}

describe('startGuestChannel', () => {
  it('takes the handshakes captured before it started, checking their origins', async () => {
    const win = fakeWindow('?uiConfig=16');
    captureEmbedHandshakes(win as unknown as Window);
    captureEmbedHandshakes(win as unknown as Window);
    expect(win.listenerCount).toBe(1);
    // The host posts on iframe load, long before the page knows its allowed domains.
    host(win, 'https://evil.example');
    const early = host(win, 'https://host.example');
    const tokens: string[] = [];
    const rejected: string[] = [];
    early.emit('guestToken', { guestToken: 'tok-early' });
    const channel = startGuestChannel({
      allowedDomains: ['https://host.example'],
      onGuestToken: (t) => tokens.push(t),
      onRejectedOrigin: (origin) => rejected.push(origin),
      methods: { getScrollSize: () => ({ width: 1, height: 2 }) },
      window: win as unknown as Window,
    });
    expect(rejected).toEqual(['https://evil.example']);
    expect(channel.connected).toBe(true);
    // The capture listener is gone; only the channel listens.
    expect(win.listenerCount).toBe(1);
    await vi.waitFor(() => expect(tokens).toEqual(['tok-early']));
    expect(await early.get('getScrollSize')).toEqual({ width: 1, height: 2 });
    channel.stop();
  });

  it('serves its methods and receives the token from an allowed origin', async () => {
    const win = fakeWindow('?uiConfig=16');
    const tokens: string[] = [];
    const channel = startGuestChannel({
      allowedDomains: ['https://host.example/'],
      onGuestToken: (t) => tokens.push(t),
      methods: { getScrollSize: () => ({ width: 10, height: 20 }), getActiveTabs: () => ['T1'] },
      window: win as unknown as Window,
    });
    const board = host(win, 'https://host.example');
    expect(channel.connected).toBe(true);
    expect(await board.get('getScrollSize')).toEqual({ width: 10, height: 20 });
    await expect(board.get('getChartStates')).rejects.toThrow('[lumen-guest] Method "getChartStates" is not defined');
    board.emit('guestToken', { guestToken: 'tok-1' });
    await vi.waitFor(() => expect(tokens).toEqual(['tok-1']));

    const masks: unknown[] = [];
    board.defineMethod('observeDataMask', (mask) => masks.push(mask));
    board.defineMethod('resolvePermalinkUrl', ({ key }) => `https://host.example/?p=${key}`);
    expect(channel.emitDataMask({ f: { filterState: { value: 1 } }, nativeFiltersChanged: true })).toBe(true);
    await vi.waitFor(() => expect(masks).toHaveLength(1));
    expect(await channel.resolvePermalinkUrl('k')).toBe('https://host.example/?p=k');
    channel.stop();
    expect(win.listenerCount).toBe(0);
  });

  it('ignores a handshake from an origin that is not allowed', async () => {
    const win = fakeWindow();
    const rejected: string[] = [];
    const tokens: string[] = [];
    const channel = startGuestChannel({
      allowedDomains: ['https://host.example'],
      onGuestToken: (t) => tokens.push(t),
      onRejectedOrigin: (o) => rejected.push(o),
      methods: { getScrollSize: () => ({ width: 1, height: 1 }) },
      window: win as unknown as Window,
    });
    const evil = host(win, 'https://evil.example');
    const lookalike = host(win, 'https://host.example.evil.example');
    expect(rejected).toEqual(['https://evil.example', 'https://host.example.evil.example']);
    expect(channel.connected).toBe(false);
    evil.emit('guestToken', { guestToken: 'stolen?' });
    // The refused host's port gets only the refusal (embedStatus ORIGIN_NOT_ALLOWED): no method answers.
    await expect(evil.get('getScrollSize')).rejects.toThrow(/not defined|timed out/);
    await expect(lookalike.get('getScrollSize')).rejects.toThrow(/not defined|timed out/);
    expect(tokens).toEqual([]);
    channel.stop();
  });

  it('ignores non-handshake messages, accepts any origin with an empty list, and does not emit data masks unless asked', async () => {
    const win = fakeWindow('?uiConfig=1');
    const channel = startGuestChannel({ allowedDomains: [], onGuestToken: () => undefined, methods: { getActiveTabs: () => [] }, window: win as unknown as Window });
    host(win, 'https://any.example', { type: 'something-else' });
    expect(channel.connected).toBe(false);
    const board = host(win, 'https://any.example');
    expect(await board.get('getActiveTabs')).toEqual([]);
    expect(channel.emitDataMask({})).toBe(false);
    channel.stop();
  });

  it('replaces the channel on a new handshake (host re-connecting after navigation)', async () => {
    const win = fakeWindow();
    const channel = startGuestChannel({ allowedDomains: ['https://host.example'], onGuestToken: () => undefined, methods: { getActiveTabs: () => ['A'] }, window: win as unknown as Window, emitDataMasks: true });
    const first = host(win, 'https://host.example');
    const second = host(win, 'https://host.example');
    expect(await second.get('getActiveTabs')).toEqual(['A']);
    await expect(first.get('getActiveTabs')).rejects.toThrow(/timed out/);
    channel.stop();
  });
});
