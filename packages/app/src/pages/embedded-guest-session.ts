/**
 * What both /embedded/ pages share: the allowed domains of the embedding, the guest channel to the host,
 * and a guest API client whose token the host supplies (and refreshes) over the channel.
 */
import { createApiClient, type ApiClient, type ObservedDataMask } from '@lumen-bi/core';
import { startGuestChannel, type GuestChannelHandle, type GuestMethods } from '@lumen-bi/embed/guest';
import { fetchEmbeddedDashboard } from '@lumen-bi/elements';
import { failureOf } from './embedded-failure';
import { useEffect, useRef, useState } from 'react';

export type GuestSessionState =
  | { phase: 'connecting' }
  | { phase: 'waiting-token'; dashboardId: string | null }
  | { phase: 'ready'; dashboardId: string | null }
  | { phase: 'error'; code: string; message: string };

export interface GuestSession {
  state: GuestSessionState;
  api: ApiClient;
  channel: GuestChannelHandle | null;
  /** The origin of the last handshake refused because it is not an allowed domain (diagnostics). */
  refusedOrigin: string | null;
  /** The current guest token ('' before the handshake), for the event logger's beacons. */
  getGuestToken(): string;
}

/** Tries the first guest token against the API (rejects with the server's error when it is refused). */
export type GuestTokenCheck = (api: ApiClient, dashboardId: string | null) => Promise<unknown>;

/**
 * Starts the guest channel once the embedding's allowed domains are known. `embeddedUuid` null (a single
 * chart without a registered dashboard) accepts a handshake from any origin, as an empty allow-list does.
 */
export function useGuestSession(embeddedUuid: string | null, methods: GuestMethods, verify?: GuestTokenCheck): GuestSession {
  const token = useRef('');
  const [api] = useState(() => createApiClient({ baseUrl: '', auth: { kind: 'guest', token: () => token.current } }));
  // The current guest token for the event logger's beacons (read at send time, so refreshes apply).
  const [getGuestToken] = useState(() => () => token.current);
  const [state, setState] = useState<GuestSessionState>({ phase: 'connecting' });
  const [channel, setChannel] = useState<GuestChannelHandle | null>(null);
  const [refusedOrigin, setRefusedOrigin] = useState<string | null>(null);
  const methodsRef = useRef(methods);
  methodsRef.current = methods;
  const verifyRef = useRef(verify);
  verifyRef.current = verify;

  useEffect(() => {
    let stopped = false;
    let handle: GuestChannelHandle | null = null;
    const publicApi = createApiClient({ baseUrl: '', auth: { kind: 'session' } });
    const info = embeddedUuid ? fetchEmbeddedDashboard(publicApi, embeddedUuid) : Promise.resolve({ dashboard_id: null, allowed_domains: [] as string[] });
    const fail = (error: unknown) => {
      if (stopped) return;
      const failure = failureOf(error);
      setState({ phase: 'error', ...failure });
      handle?.reportStatus({ state: 'failed', ...failure });
    };
    info.then(
      ({ dashboard_id, allowed_domains }) => {
        if (stopped) return;
        const dashboardId = dashboard_id === null ? null : String(dashboard_id);
        // Each method is looked up when called, so the page's latest handlers answer.
        const live = Object.fromEntries(
          Object.keys(methodsRef.current).map((name) => [name, (args: unknown) => (methodsRef.current as Record<string, (a: unknown) => unknown>)[name](args)]),
        ) as GuestMethods;
        let checked = false;
        handle = startGuestChannel({
          allowedDomains: allowed_domains,
          methods: live,
          onRejectedOrigin: (origin) => {
            if (!stopped) setRefusedOrigin(origin);
          },
          onGuestToken: (next) => {
            token.current = next;
            if (checked) return;
            checked = true;
            // The first token is tried once before anything renders, so a refused one becomes one clear
            // failure (here and at the host) instead of a dashboard of failing charts.
            const check = verifyRef.current ? verifyRef.current(api, dashboardId) : Promise.resolve();
            check.then(() => {
              if (stopped) return;
              setState((current) => (current.phase === 'ready' ? current : { phase: 'ready', dashboardId }));
              handle?.reportStatus({ state: 'ready' });
            }, fail);
          },
        });
        setChannel(handle);
        setState({ phase: 'waiting-token', dashboardId });
      },
      (error: unknown) => {
        if (stopped) return;
        // The embedding is unknown, so there are no allowed domains to check a host against; the host is
        // still told (only that its uuid is unknown) so it does not wait forever. No method is served.
        handle = startGuestChannel({ allowedDomains: [], onGuestToken: () => undefined });
        fail(error);
      },
    );
    return () => {
      stopped = true;
      handle?.stop();
    };
  }, [embeddedUuid]);

  return { state, api, channel, refusedOrigin, getGuestToken };
}

/** The observeDataMask payload: the masks plus which kind of filter changed since the last one. */
export function observedMask(next: Record<string, unknown>, previous: Record<string, unknown>): ObservedDataMask {
  const changed = Object.keys({ ...next, ...previous }).filter((id) => JSON.stringify(next[id]) !== JSON.stringify(previous[id]));
  const native = changed.some((id) => id.startsWith('NATIVE_FILTER'));
  const cross = changed.some((id) => !id.startsWith('NATIVE_FILTER'));
  return { ...(next as ObservedDataMask), nativeFiltersChanged: native, crossFiltersChanged: cross };
}

/** document.body's scroll size (the host's autoHeight reads it). */
export function bodyScrollSize(): { width: number; height: number } {
  return { width: document.body.scrollWidth, height: document.body.scrollHeight };
}
