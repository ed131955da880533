import { createApiClient } from '@lumen-bi/core';
import { SqlLabView, type SqlLabHostQuery, type SqlLabHostQueryError } from '@lumen-bi/views';
import { useCallback, useEffect, useMemo } from 'react';
import type { AttributeValue } from './element-attributes';
import { apiBaseUrl } from './element-api';
import {
  BI_QUERY_ERROR,
  BI_QUERY_SUCCESS,
  BI_READY,
  emitElementEvent,
  type BiQueryErrorDetail,
  type BiQuerySuccessDetail,
  type BiReadyDetail,
} from './element-events';
import type { SqlLabElementController } from './sqllab-element-controller';
import { hostQueryFromAttributes, type SqlLabQueryAttributes } from './sqllab-host-query';
import { tryParse, useElementErrors } from './use-element-errors';

interface SqlLabElementBodyProps {
  apiUrl: AttributeValue;
  host: HTMLElement | null;
  attributes: SqlLabQueryAttributes;
  controller: SqlLabElementController | null;
}

/**
 * The lazily loaded part of <bi-sqllab>: SQL Lab with a session client; query outcomes become DOM events,
 * the host's query attributes become SQL Lab's host query, and a refused database becomes bi-error.
 */
export function SqlLabElementBody({ apiUrl, host, attributes, controller }: SqlLabElementBodyProps) {
  const baseUrl = apiBaseUrl(apiUrl);
  const api = useMemo(() => createApiClient({ baseUrl, auth: { kind: 'session' } }), [baseUrl]);
  const parsed = tryParse(() => hostQueryFromAttributes(attributes));
  const report = useElementErrors(host, parsed.error);
  // A new object only when a value changed, so re-renders for other attributes apply nothing.
  const key = JSON.stringify(parsed.value ?? null);
  const hostQuery = useMemo<SqlLabHostQuery | null>(() => parsed.value ?? null, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => emitElementEvent<BiReadyDetail>(host, BI_READY, { element: 'bi-sqllab' }), [host]);
  const onQuerySuccess = useCallback((detail: BiQuerySuccessDetail) => emitElementEvent(host, BI_QUERY_SUCCESS, detail), [host]);
  const onQueryFailure = useCallback((detail: BiQueryErrorDetail) => emitElementEvent(host, BI_QUERY_ERROR, detail), [host]);
  const onHostQueryError = useCallback((error: SqlLabHostQueryError) => report(error, 'sqllab'), [report]);
  // An unreadable database-id shows its error rather than SQL Lab on whatever database the tab had.
  if (parsed.error) {
    return (
      <p className="bi-element__status" role="alert">
        {parsed.error instanceof Error ? parsed.error.message : String(parsed.error)}
      </p>
    );
  }
  return (
    <SqlLabView
      // A new server is a new SQL Lab (its databases and tabs differ).
      key={baseUrl}
      api={api}
      origin={baseUrl || window.location.origin}
      hostQuery={hostQuery}
      onQuerySuccess={onQuerySuccess}
      onQueryFailure={onQueryFailure}
      onHostQueryError={onHostQueryError}
      onReady={controller?.attach}
    />
  );
}
