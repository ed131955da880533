/**
 * The API client of an element: guest auth (X-GuestToken) when a token is given (attribute or
 * `fetchGuestToken`), else the browser session. The client stays the same across token refreshes (its token
 * getter reads the latest), so a refresh never reloads the dashboard.
 */
import { createApiClient, type ApiClient } from '@lumen-bi/core';
import { useEffect, useMemo, useRef, useState } from 'react';

/** `() => Promise<string>`: the host's function returning a fresh guest token from its backend. */
export type FetchGuestToken = () => Promise<string>;

export interface ElementApiOptions {
  apiUrl: string | null | undefined;
  guestToken: string | null | undefined;
  fetchGuestToken: FetchGuestToken | null | undefined;
  onError(error: unknown): void;
}

export interface ElementApi {
  api: ApiClient;
  /** False while a guest element waits for its first token. */
  ready: boolean;
}

/** Base URL of the API: the attribute without trailing slashes; '' (same origin) when absent. */
export function apiBaseUrl(apiUrl: string | null | undefined): string {
  return (apiUrl ?? '').trim().replace(/\/+$/, '');
}

/**
 * @example
 * const { api, ready } = useElementApi({ apiUrl, guestToken, fetchGuestToken, onError });
 * if (ready) return <DashboardView api={api} dashboardIdOrSlug={id} />;
 */
export function useElementApi({ apiUrl, guestToken, fetchGuestToken, onError }: ElementApiOptions): ElementApi {
  const guest = Boolean(guestToken || fetchGuestToken);
  const token = useRef(guestToken ?? '');
  const [fetched, setFetched] = useState(false);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  // A new attribute token is used from this render on (a fetched token replaces it until the attribute
  // changes again), so the requests of the render it triggers already carry it.
  const lastAttribute = useRef(guestToken);
  if (guestToken !== lastAttribute.current) {
    lastAttribute.current = guestToken;
    if (guestToken) token.current = guestToken;
  }

  useEffect(() => {
    if (!fetchGuestToken) return;
    // The refresh loop is imported here, not at the top: an element on the session or given a guest-token
    // attribute never runs it, and <bi-chart>'s first load stays within its budget (DESIGN.md).
    let stopped = false;
    let stop: (() => void) | undefined;
    import('./guest-token-refresh').then(
      ({ shareGuestTokenRefresh }) => {
        if (stopped) return;
        // Shared by every element given the same function: 4 charts with one provider make one token call.
        const refresh = shareGuestTokenRefresh({
          fetchGuestToken,
          onToken: (next) => {
            token.current = next;
            setFetched(true);
          },
          onError: (error) => onErrorRef.current(error),
        });
        stop = () => refresh.stop();
      },
      // A failed download (offline, a deploy replaced the chunk) is a failed token fetch for the host.
      (error: unknown) => stopped || onErrorRef.current(error),
    );
    return () => {
      stopped = true;
      stop?.();
    };
  }, [fetchGuestToken]);

  const baseUrl = apiBaseUrl(apiUrl);
  const api = useMemo(
    () => createApiClient({ baseUrl, auth: guest ? { kind: 'guest', token: () => token.current } : { kind: 'session' } }),
    [baseUrl, guest],
  );
  return { api, ready: !guest || Boolean(guestToken) || fetched };
}
