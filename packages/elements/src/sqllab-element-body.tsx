import { createApiClient } from '@lumen-bi/core';
import { SqlLabView } from '@lumen-bi/views';
import { useEffect, useMemo } from 'react';
import type { AttributeValue } from './element-attributes';
import { apiBaseUrl } from './element-api';
import { BI_READY, emitElementEvent, type BiReadyDetail } from './element-events';

/** The lazily loaded part of <bi-sqllab>: SQL Lab with a session client. */
export function SqlLabElementBody({ apiUrl, host }: { apiUrl: AttributeValue; host: Element | null }) {
  const baseUrl = apiBaseUrl(apiUrl);
  const api = useMemo(() => createApiClient({ baseUrl, auth: { kind: 'session' } }), [baseUrl]);
  useEffect(() => emitElementEvent<BiReadyDetail>(host, BI_READY, { element: 'bi-sqllab' }), [host]);
  return <SqlLabView api={api} origin={baseUrl || window.location.origin} />;
}
