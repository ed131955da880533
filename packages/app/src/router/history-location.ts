import { useMemo, useSyncExternalStore } from 'react';

/** The current address as the router needs it. */
export interface AppLocation {
  pathname: string;
  search: string;
}

/** Fired on `window` after `navigate`, because pushState/replaceState do not fire popstate. */
const NAVIGATE_EVENT = 'lumen:navigate';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATE_EVENT, onChange);
  };
}

// A string snapshot, so React sees a stable value between changes.
const snapshot = (): string => `${window.location.pathname}${window.location.search}`;

/**
 * Goes to an in-app address with the History API (no page load).
 *
 * @example
 * navigate('/chart/list/');
 * navigate('/login/?next=%2F', { replace: true });
 */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', to);
  else {
    window.history.pushState(null, '', to);
    window.scrollTo?.(0, 0);
  }
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
}

/**
 * The current location, re-rendering on back/forward and on `navigate`.
 *
 * @example
 * const { pathname, search } = useLocation();
 */
export function useLocation(): AppLocation {
  const href = useSyncExternalStore(subscribe, snapshot);
  return useMemo(() => {
    const index = href.indexOf('?');
    return index < 0 ? { pathname: href, search: '' } : { pathname: href.slice(0, index), search: href.slice(index) };
  }, [href]);
}
