import { createApiClient } from '@lumen-bi/core';
import { createToastStore, parseSqlLabUrl, SqlLabView } from '@lumen-bi/views';
import { useState } from 'react';

/**
 * SQL Lab: its own lazy chunk (route-pages.ts), and CodeMirror is a further lazy import inside the view,
 * so the login page, dashboards and embeds never download the editor. The entry address (/sqllab/p/{key},
 * ?savedQueryId=, ?queryId=, ?datasetId=, ?dbid=&sql=) is read once.
 */
export function SqlPage() {
  const [deps] = useState(() => ({
    client: createApiClient({ baseUrl: '', auth: { kind: 'session' } }),
    toasts: createToastStore(),
    request: parseSqlLabUrl(window.location.pathname, window.location.search),
  }));
  return <SqlLabView api={deps.client} toasts={deps.toasts} initialRequest={deps.request} storage={window.localStorage} origin={window.location.origin} />;
}
