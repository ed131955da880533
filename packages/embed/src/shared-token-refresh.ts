import { startGuestTokenRefresh, type GuestTokenRefresh, type GuestTokenRefreshOptions } from './token-refresh';

type FetchGuestToken = GuestTokenRefreshOptions['fetchGuestToken'];

/** One refresh loop and everyone listening to it. */
interface SharedLoop {
  loop: GuestTokenRefresh;
  listeners: Set<Pick<GuestTokenRefreshOptions, 'onToken' | 'onError'>>;
  /** The last token fetched, handed at once to a listener that joins later. */
  token: string | null;
}

/**
 * Keyed by the host's function itself: the same provider is one loop, another provider (another token
 * scope, say) is another. A WeakMap, so a provider the page drops takes its entry with it.
 */
const loops = new WeakMap<FetchGuestToken, SharedLoop>();

function startLoop(options: GuestTokenRefreshOptions): SharedLoop {
  const shared: SharedLoop = { loop: null as unknown as GuestTokenRefresh, listeners: new Set(), token: null };
  shared.loop = startGuestTokenRefresh({
    fetchGuestToken: options.fetchGuestToken,
    fetchTimeoutMs: options.fetchTimeoutMs,
    debug: options.debug,
    onToken: (token) => {
      shared.token = token;
      for (const listener of [...shared.listeners]) listener.onToken(token);
    },
    onError: (error) => {
      for (const listener of [...shared.listeners]) listener.onError(error);
    },
  });
  return shared;
}

/**
 * `startGuestTokenRefresh`, shared by every caller that passes the same `fetchGuestToken` function: one
 * fetch now and one before each expiry, whatever the number of elements on the page. A caller that joins
 * while a fetch is in flight waits for that fetch; one that joins later gets the current token at once
 * (a microtask later, like a fetched one). The loop stops when its last caller stops. The fetch options
 * (timeout, debug) are those of the caller that started the loop.
 *
 * @example
 * const provider = () => fetch('/guest-token', { method: 'POST' }).then((r) => r.json()).then((j) => j.token);
 * // four <bi-chart> elements with `chart.fetchGuestToken = provider` -> one POST /guest-token
 * const refresh = shareGuestTokenRefresh({ fetchGuestToken: provider, onToken: setToken, onError: report });
 * refresh.stop();
 */
export function shareGuestTokenRefresh(options: GuestTokenRefreshOptions): GuestTokenRefresh {
  let shared = loops.get(options.fetchGuestToken);
  if (!shared) {
    shared = startLoop(options);
    loops.set(options.fetchGuestToken, shared);
  }
  const listener = { onToken: options.onToken, onError: options.onError };
  shared.listeners.add(listener);
  const current = shared.token;
  if (current !== null) queueMicrotask(() => shared.listeners.has(listener) && listener.onToken(current));
  const mine = shared;
  return {
    stop() {
      if (!mine.listeners.delete(listener) || mine.listeners.size > 0) return;
      mine.loop.stop();
      if (loops.get(options.fetchGuestToken) === mine) loops.delete(options.fetchGuestToken);
    },
    refreshNow() {
      if (mine.listeners.has(listener)) mine.loop.refreshNow();
    },
  };
}
