import { decodeJwt } from 'jose';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EmbedError } from './embed-error';
import { fakeToken } from './test-host';
import { loadJwtDecoder, refreshDelayMs, startGuestTokenRefresh } from './token-refresh';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const tokenValidFor = (seconds: number, iatOffset = 0) => {
  const now = Math.floor(Date.now() / 1000);
  return fakeToken({ iat: now + iatOffset, exp: now + seconds, type: 'guest' });
};

// The refresh loop imports jose on first use; load it once up front so fake timers see no extra delay.
beforeAll(async () => {
  expect(await loadJwtDecoder()).toBe(decodeJwt);
});

describe('refreshDelayMs', () => {
  it('refreshes 5 s before exp, never sooner than 5 s from now', () => {
    const now = NOW;
    const t = (exp: number, iat?: number) => fakeToken({ exp, ...(iat === undefined ? {} : { iat }) });
    expect(refreshDelayMs(t(now / 1000 + 300, now / 1000), now, decodeJwt)).toBe(295_000);
    expect(refreshDelayMs(t(now / 1000 + 3), now, decodeJwt)).toBe(5_000);
    expect(refreshDelayMs(t(now / 1000 - 60), now, decodeJwt)).toBe(5_000);
    expect(refreshDelayMs('garbage', now, decodeJwt)).toBe(295_000);
  });

  it('is not fooled by a host clock running behind the server', () => {
    // The host clock is 2 minutes behind: exp - now says 420 s, but the token only lives 300 s.
    const serverNow = NOW / 1000 + 120;
    expect(refreshDelayMs(fakeToken({ iat: serverNow, exp: serverNow + 300 }), NOW, decodeJwt)).toBe(295_000);
  });
});

describe('startGuestTokenRefresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('fetches at once, then 5 s before each expiry', async () => {
    const fetchGuestToken = vi.fn(async () => tokenValidFor(60));
    const tokens: string[] = [];
    const refresh = startGuestTokenRefresh({ fetchGuestToken, onToken: (t) => tokens.push(t), onError: () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchGuestToken).toHaveBeenCalledTimes(1);
    expect(tokens).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(54_999);
    expect(fetchGuestToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchGuestToken).toHaveBeenCalledTimes(2);
    refresh.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(fetchGuestToken).toHaveBeenCalledTimes(2);
  });

  it('refreshNow fetches at once and restarts the schedule, but joins a fetch already under way', async () => {
    let release: (() => void) | undefined;
    const fetchGuestToken = vi.fn(
      () =>
        new Promise<string>((resolve) => {
          release = () => resolve(tokenValidFor(60));
        }),
    );
    const tokens: string[] = [];
    const refresh = startGuestTokenRefresh({ fetchGuestToken, onToken: (t) => tokens.push(t), onError: () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    refresh.refreshNow();
    refresh.refreshNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchGuestToken).toHaveBeenCalledTimes(1);
    release?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(tokens).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10_000);
    refresh.refreshNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchGuestToken).toHaveBeenCalledTimes(2);
    release?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(tokens).toHaveLength(2);
    // The schedule restarted from the refreshed token: the next fetch is 55 s after it, not after the first.
    await vi.advanceTimersByTimeAsync(54_999);
    expect(fetchGuestToken).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchGuestToken).toHaveBeenCalledTimes(3);
    refresh.stop();
  });

  it('retries a failing fetch every 10 s, reporting each failure, until it succeeds', async () => {
    let calls = 0;
    const fetchGuestToken = vi.fn(async () => {
      calls += 1;
      if (calls <= 3) throw new TypeError('Failed to fetch');
      return tokenValidFor(300);
    });
    const errors: EmbedError[] = [];
    const tokens: string[] = [];
    startGuestTokenRefresh({ fetchGuestToken, onToken: (t) => tokens.push(t), onError: (e) => errors.push(e) });
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(EmbedError);
    expect(errors[0].code).toBe('GUEST_TOKEN_FETCH_FAILED');
    expect(errors[0].message).toContain('Failed to fetch');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fetchGuestToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchGuestToken).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(errors).toHaveLength(3);
    expect(tokens).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tokens).toHaveLength(1);
    // Back on schedule: the next fetch comes 295 s later, not 10 s.
    await vi.advanceTimersByTimeAsync(294_000);
    expect(fetchGuestToken).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchGuestToken).toHaveBeenCalledTimes(5);
  });

  it('keeps refreshing after a failure in a later refresh', async () => {
    let calls = 0;
    const fetchGuestToken = vi.fn(async () => {
      calls += 1;
      if (calls === 2) throw new Error('network down');
      return tokenValidFor(60);
    });
    const tokens: string[] = [];
    const errors: EmbedError[] = [];
    startGuestTokenRefresh({ fetchGuestToken, onToken: (t) => tokens.push(t), onError: (e) => errors.push(e) });
    await vi.advanceTimersByTimeAsync(55_000);
    expect(errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tokens).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(55_000);
    expect(tokens).toHaveLength(3);
  });

  it('times out a hanging fetch (30 s default) and treats a non-string as a failure', async () => {
    const errors: EmbedError[] = [];
    const hanging = vi.fn(() => new Promise<string>(() => undefined));
    const stop = startGuestTokenRefresh({ fetchGuestToken: hanging, onToken: () => undefined, onError: (e) => errors.push(e) });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(errors).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(errors[0].code).toBe('GUEST_TOKEN_TIMEOUT');
    stop.stop();

    const bad = startGuestTokenRefresh({ fetchGuestToken: async () => ({ token: 'x' }) as unknown as string, onToken: () => undefined, onError: (e) => errors.push(e) });
    await vi.advanceTimersByTimeAsync(0);
    expect(errors[1].code).toBe('GUEST_TOKEN_INVALID');
    bad.stop();
  });

  it('waits forever when the timeout is 0', async () => {
    const errors: EmbedError[] = [];
    const refresh = startGuestTokenRefresh({ fetchGuestToken: () => new Promise<string>(() => undefined), fetchTimeoutMs: 0, onToken: () => undefined, onError: (e) => errors.push(e) });
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(errors).toHaveLength(0);
    refresh.stop();
  });
});
