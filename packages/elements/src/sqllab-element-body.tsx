import { SqlLabView, type SqlLabHandle, type SqlLabHostQuery, type SqlLabHostQueryError } from '@lumen-bi/views';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AttributeValue } from './element-attributes';
import { apiBaseUrl, useElementApi, type FetchGuestToken } from './element-api';
import { FailurePanel } from './failure-panel';
import { LoadingStatus } from './element-status';
import {
  BI_QUERY_ERROR,
  BI_QUERY_SUCCESS,
  BI_READY,
  emitElementEvent,
  type BiQueryErrorDetail,
  type BiQuerySuccessDetail,
  type BiErrorDetail,
  type BiReadyDetail,
} from './element-events';
import type { SqlLabElementController } from './sqllab-element-controller';
import { hostQueryFromAttributes, type SqlLabQueryAttributes } from './sqllab-host-query';
import { tryParse, useElementErrors } from './use-element-errors';

interface SqlLabElementBodyProps {
  apiUrl: AttributeValue;
  guestToken: AttributeValue;
  fetchGuestToken: FetchGuestToken | null;
  host: HTMLElement | null;
  attributes: SqlLabQueryAttributes;
  controller: SqlLabElementController | null;
}

/**
 * The lazily loaded part of <bi-sqllab>: SQL Lab with a session client, or a guest client when the host gives
 * a token (a guest's SQL Lab saves nothing on the server). Query outcomes become DOM events, the host's query
 * attributes become SQL Lab's host query, and a refused database or a SQL Lab that cannot load becomes
 * bi-error; a load failure (bad token, unreachable server, refused origin) is shown by name in place.
 */
export function SqlLabElementBody({ apiUrl, guestToken, fetchGuestToken, host, attributes, controller }: SqlLabElementBodyProps) {
  const baseUrl = apiBaseUrl(apiUrl);
  const [failure, setFailure] = useState<BiErrorDetail | null>(null);
  const loadFailed = useRef(false);
  const parsed = tryParse(() => hostQueryFromAttributes(attributes));
  const report = useElementErrors(host, parsed.error, {
    apiUrl,
    onReported: (detail) => {
      if (detail.source === 'guest-token' || loadFailed.current) setFailure((current) => current ?? detail);
    },
  });
  const { api, ready } = useElementApi({ apiUrl, guestToken, fetchGuestToken, onError: (error) => report(error, 'guest-token') });
  const guest = Boolean(guestToken || fetchGuestToken);
  // A new token or server is a new attempt: the last failure's panel must not outlive it.
  useEffect(() => {
    loadFailed.current = false;
    setFailure(null);
  }, [baseUrl, guestToken, fetchGuestToken]);
  // A new object only when a value changed, so re-renders for other attributes apply nothing.
  const key = JSON.stringify(parsed.value ?? null);
  const hostQuery = useMemo<SqlLabHostQuery | null>(() => parsed.value ?? null, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  const onReady = useCallback(
    (handle: SqlLabHandle | null) => {
      controller?.attach(handle);
      // Ready means SQL Lab has loaded its databases, so a host never hears bi-ready before a bi-error.
      if (handle) emitElementEvent<BiReadyDetail>(host, BI_READY, { element: 'bi-sqllab' });
    },
    [controller, host],
  );
  const onLoadError = useCallback(
    (error: unknown) => {
      loadFailed.current = true;
      report(error, 'sqllab');
    },
    [report],
  );
  const onQuerySuccess = useCallback((detail: BiQuerySuccessDetail) => emitElementEvent(host, BI_QUERY_SUCCESS, detail), [host]);
  const onQueryFailure = useCallback((detail: BiQueryErrorDetail) => emitElementEvent(host, BI_QUERY_ERROR, detail), [host]);
  const onHostQueryError = useCallback((error: SqlLabHostQueryError) => report(error, 'sqllab'), [report]);
  if (failure) return <FailurePanel failure={failure} />;
  // An unreadable database-id shows its error rather than SQL Lab on whatever database the tab had.
  if (parsed.error) {
    return (
      <p className="bi-element__status" role="alert">
        {parsed.error instanceof Error ? parsed.error.message : String(parsed.error)}
      </p>
    );
  }
  if (!ready) {
    return <LoadingStatus />;
  }
  return (
    <SqlLabView
      // A new server or a new kind of viewer is a new SQL Lab (its databases and tabs differ).
      key={`${baseUrl} ${guest ? 'guest' : 'session'}`}
      api={api}
      origin={baseUrl || window.location.origin}
      hostQuery={hostQuery}
      allowSaving={!guest}
      onQuerySuccess={onQuerySuccess}
      onQueryFailure={onQueryFailure}
      onHostQueryError={onHostQueryError}
      onLoadError={onLoadError}
      onReady={onReady}
    />
  );
}
