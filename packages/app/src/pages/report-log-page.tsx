import { createApiClient } from '@lumen-bi/core';
import { ReportExecutionLog } from '@lumen-bi/views';
import { useState } from 'react';
import { REPORT_LOG_PATH } from '../router/routes';
import { useLocation } from '../router/history-location';

/** The execution log of one report (/report/{id}/log/), in its own lazy chunk; the id comes from the address. */
export function ReportLogPage() {
  const [client] = useState(() => createApiClient({ baseUrl: '', auth: { kind: 'session' } }));
  const { pathname } = useLocation();
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  const id = Number(REPORT_LOG_PATH.exec(path)?.[1]);
  return <ReportExecutionLog key={id} client={client} reportId={id} />;
}
