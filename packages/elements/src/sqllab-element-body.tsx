import { createApiClient } from '@lumen-bi/core';
import { SqlLabView } from '@lumen-bi/views';
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

/** The lazily loaded part of <bi-sqllab>: SQL Lab with a session client; query outcomes become DOM events. */
export function SqlLabElementBody({ apiUrl, host }: { apiUrl: AttributeValue; host: Element | null }) {
  const baseUrl = apiBaseUrl(apiUrl);
  const api = useMemo(() => createApiClient({ baseUrl, auth: { kind: 'session' } }), [baseUrl]);
  useEffect(() => emitElementEvent<BiReadyDetail>(host, BI_READY, { element: 'bi-sqllab' }), [host]);
  const onQuerySuccess = useCallback((detail: BiQuerySuccessDetail) => emitElementEvent(host, BI_QUERY_SUCCESS, detail), [host]);
  const onQueryFailure = useCallback((detail: BiQueryErrorDetail) => emitElementEvent(host, BI_QUERY_ERROR, detail), [host]);
  return <SqlLabView api={api} origin={baseUrl || window.location.origin} onQuerySuccess={onQuerySuccess} onQueryFailure={onQueryFailure} />;
}
