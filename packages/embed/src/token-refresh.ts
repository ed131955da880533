import type { decodeJwt } from 'jose';
import { EmbedError, toEmbedError } from './embed-error';

/** Reads a token's claims without verifying it (the server verifies every token it receives). */
export type JwtDecoder = typeof decodeJwt;

let joseDecoder: Promise<JwtDecoder> | null = null;
/**
 * jose's decodeJwt, imported on first use: it is needed only to schedule the next refresh, after the first
 * token has gone to the view, so it stays out of <bi-chart>'s first load (DESIGN.md size budget) and
 * downloads while the chart's data is being fetched.
 */
export const loadJwtDecoder = (): Promise<JwtDecoder> => (joseDecoder ??= import('jose').then((jose) => jose.decodeJwt));

/** Never refresh sooner than this after a token arrives (a token with a tiny or past exp). */
export const MIN_REFRESH_WAIT_MS = 10_000;
/** Refresh this long before the token ends. */
export const REFRESH_BUFFER_MS = 5_000;
/** Retry a failed fetch after this long, for as long as the view is mounted. */
export const RETRY_INTERVAL_MS = 10_000;
/** Lifetime assumed when the token's exp cannot be read. */
export const DEFAULT_TOKEN_LIFETIME_MS = 300_000;
export const DEFAULT_GUEST_TOKEN_FETCH_TIMEOUT_MS = 30_000;

/**
 * When to fetch the next token: max(10 s, remaining lifetime) - 5 s. The remaining lifetime is the smaller
 * of `exp - now` (our clock) and `exp - iat` (the server's own clock, measured from when the token
 * arrived), so a host clock running behind the server's cannot make the refresh late.
 *
 * @example
 * refreshDelayMs(token, Date.now(), await loadJwtDecoder()); // 295000 for a fresh 5-minute token
 */
export function refreshDelayMs(token: string, nowMs: number, decode: JwtDecoder): number {
  let lifetime = DEFAULT_TOKEN_LIFETIME_MS;
  try {
    const { exp, iat } = decode(token);
    if (typeof exp === 'number' && Number.isFinite(exp)) {
      lifetime = exp * 1000 - nowMs;
      if (typeof iat === 'number' && Number.isFinite(iat) && exp > iat) lifetime = Math.min(lifetime, (exp - iat) * 1000);
    }
  } catch {
    lifetime = DEFAULT_TOKEN_LIFETIME_MS;
  }
  return Math.max(MIN_REFRESH_WAIT_MS, lifetime) - REFRESH_BUFFER_MS;
}

export interface GuestTokenRefreshOptions {
  fetchGuestToken: () => Promise<string>;
  /** Each new token (the first one, then every refresh). */
  onToken: (token: string) => void;
  /** Each failure; refreshing continues every RETRY_INTERVAL_MS regardless. */
  onError: (error: EmbedError) => void;
  /** ms; 0 disables. Default 30000. */
  fetchTimeoutMs?: number;
  debug?: boolean;
}

/** Handle of a running refresh loop. */
export interface GuestTokenRefresh {
  stop(): void;
  /**
   * Fetches now (e.g. after the server refused an expired token); the schedule restarts from it. While a
   * fetch is under way it does nothing: that fetch's token is the newer one.
   */
  refreshNow(): void;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  if (!ms) return promise;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new EmbedError('GUEST_TOKEN_TIMEOUT', `fetchGuestToken did not settle within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Fetches a guest token now, then again before each one expires. A failed fetch (network error,
 * timeout, a non-string answer) is reported through onError and retried every 10 s, forever: a transient
 * network error never stops refreshing.
 *
 * @example
 * const refresh = startGuestTokenRefresh({
 *   fetchGuestToken: () => fetch('/my-backend/guest-token').then((r) => r.text()),
 *   onToken: (token) => channel.setSticky('guestToken', { guestToken: token }),
 *   onError: (error) => console.error(error),
 * });
 * // later: refresh.stop();
 */
export function startGuestTokenRefresh(options: GuestTokenRefreshOptions): GuestTokenRefresh {
  const timeoutMs = options.fetchTimeoutMs ?? DEFAULT_GUEST_TOKEN_FETCH_TIMEOUT_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let generation = 0;
  let fetching = false;

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(run, ms);
    if (options.debug) console.debug(`[lumen-embed] next guest token fetch in ${ms} ms`);
  };

  async function run(): Promise<void> {
    timer = null;
    const mine = ++generation;
    let token: string;
    try {
      fetching = true;
      const value = await withTimeout(Promise.resolve().then(options.fetchGuestToken), timeoutMs).finally(() => mine === generation && (fetching = false));
      if (typeof value !== 'string' || !value.trim()) throw new EmbedError('GUEST_TOKEN_INVALID', 'fetchGuestToken must resolve to a non-empty string (the token)');
      token = value.trim();
    } catch (error) {
      if (stopped || mine !== generation) return;
      schedule(RETRY_INTERVAL_MS);
      options.onError(toEmbedError(error, 'GUEST_TOKEN_FETCH_FAILED', 'Fetching the guest token failed; retrying in 10 s'));
      return;
    }
    if (stopped || mine !== generation) return;
    const receivedAt = Date.now();
    options.onToken(token);
    let decode: JwtDecoder | null = null;
    try {
      decode = await loadJwtDecoder();
    } catch (error) {
      // The decoder's chunk did not download (network): refresh on the default lifetime rather than never.
      options.onError(toEmbedError(error, 'GUEST_TOKEN_FETCH_FAILED', 'Could not load the guest-token decoder; refreshing on the default schedule'));
    }
    if (stopped || mine !== generation) return;
    schedule(decode ? refreshDelayMs(token, receivedAt, decode) : DEFAULT_TOKEN_LIFETIME_MS - REFRESH_BUFFER_MS);
  }

  void run();
  return {
    stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
    refreshNow() {
      // A fetch under way already brings a newer token: the elements whose requests were refused together
      // (every chart of a page that woke from sleep) make one call to the host's backend, not one each.
      if (stopped || fetching) return;
      if (timer !== null) clearTimeout(timer);
      void run();
    },
  };
}
