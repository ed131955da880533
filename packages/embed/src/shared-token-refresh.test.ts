import { decodeJwt } from 'jose';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { shareGuestTokenRefresh } from './shared-token-refresh';
import { fakeToken } from './test-host';
import { loadJwtDecoder } from './token-refresh';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const tokenValidFor = (seconds: number) => {
  const now = Math.floor(Date.now() / 1000);
  return fakeToken({ iat: now, exp: now + seconds, type: 'guest' });
};

/** A provider that counts its calls and answers after `delayMs`. */
function countingProvider(delayMs = 100) {
  return vi.fn(() => new Promise<string>((resolve) => setTimeout(() => resolve(tokenValidFor(60)), delayMs)));
}

beforeAll(async () => {
  expect(await loadJwtDecoder()).toBe(decodeJwt);
});

describe('shareGuestTokenRefresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('fetches once for every caller of the same provider, now and on each refresh', async () => {
    const provider = countingProvider();
    const received: string[][] = [[], [], [], []];
    const refreshes = received.map((tokens) => shareGuestTokenRefresh({ fetchGuestToken: provider, onToken: (t) => tokens.push(t), onError: () => undefined }));
    await vi.advanceTimersByTimeAsync(100);
    expect(provider).toHaveBeenCalledTimes(1);
    expect(received.map((tokens) => tokens.length)).toEqual([1, 1, 1, 1]);
    // The token lives 60 s: one refresh for all four, 5 s before it ends.
    await vi.advanceTimersByTimeAsync(55_100);
    expect(provider).toHaveBeenCalledTimes(2);
    expect(received.map((tokens) => tokens.length)).toEqual([2, 2, 2, 2]);
    expect(new Set(received.map((tokens) => tokens[1])).size).toBe(1);
    refreshes.forEach((refresh) => refresh.stop());
  });

  it('lets a caller that joins during the fetch share it, and hands a later caller the current token', async () => {
    const provider = countingProvider(1_000);
    const first: string[] = [];
    const second: string[] = [];
    const late: string[] = [];
    const a = shareGuestTokenRefresh({ fetchGuestToken: provider, onToken: (t) => first.push(t), onError: () => undefined });
    await vi.advanceTimersByTimeAsync(500);
    const b = shareGuestTokenRefresh({ fetchGuestToken: provider, onToken: (t) => second.push(t), onError: () => undefined });
    await vi.advanceTimersByTimeAsync(500);
    expect(provider).toHaveBeenCalledTimes(1);
    expect(second).toEqual(first);
    const c = shareGuestTokenRefresh({ fetchGuestToken: provider, onToken: (t) => late.push(t), onError: () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    expect(late).toEqual(first);
    expect(provider).toHaveBeenCalledTimes(1);
    [a, b, c].forEach((refresh) => refresh.stop());
  });

  it('keeps different providers apart, and stops a loop only when its last caller stops', async () => {
    const one = countingProvider();
    const two = countingProvider();
    const a = shareGuestTokenRefresh({ fetchGuestToken: one, onToken: () => undefined, onError: () => undefined });
    const b = shareGuestTokenRefresh({ fetchGuestToken: one, onToken: () => undefined, onError: () => undefined });
    const c = shareGuestTokenRefresh({ fetchGuestToken: two, onToken: () => undefined, onError: () => undefined });
    await vi.advanceTimersByTimeAsync(100);
    expect([one.mock.calls.length, two.mock.calls.length]).toEqual([1, 1]);
    a.stop();
    a.stop();
    await vi.advanceTimersByTimeAsync(55_100);
    expect(one).toHaveBeenCalledTimes(2);
    b.stop();
    c.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect([one.mock.calls.length, two.mock.calls.length]).toEqual([2, 2]);
    // After the last caller left, a new caller starts a fresh loop.
    const d = shareGuestTokenRefresh({ fetchGuestToken: one, onToken: () => undefined, onError: () => undefined });
    await vi.advanceTimersByTimeAsync(100);
    expect(one).toHaveBeenCalledTimes(3);
    d.stop();
  });

  it('reports a failed fetch to every caller', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('backend down')));
    const errors: string[] = [];
    const a = shareGuestTokenRefresh({ fetchGuestToken: failing, onToken: () => undefined, onError: (e) => errors.push(`a:${e.code}`) });
    const b = shareGuestTokenRefresh({ fetchGuestToken: failing, onToken: () => undefined, onError: (e) => errors.push(`b:${e.code}`) });
    await vi.advanceTimersByTimeAsync(0);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(errors).toEqual(['a:GUEST_TOKEN_FETCH_FAILED', 'b:GUEST_TOKEN_FETCH_FAILED']);
    a.stop();
    b.stop();
  });
});
