import { getClientErrorMessage, type ApiClient } from '@lumen-bi/core';
import { useEffect, useState } from 'react';
import { rowCountText } from '../lists/list-query';
import { formatDuration, formatRunTime, REPORT_STATE_CSS, ReportStateBadge } from './report-state';
import { LoadingLines } from '../components/skeleton';

/** One run of GET /api/v1/report/{id}/log/ (ReportExecutionLogRestApi.get_list, plus error_type). */
export interface ReportLogEntry {
  id: number;
  uuid?: string | null;
  scheduled_dttm: string;
  start_dttm: string | null;
  end_dttm: string | null;
  state: string;
  error_message: string | null;
  value: number | null;
}

export interface ReportExecutionLogProps {
  client: ApiClient;
  reportId: number;
  /** Runs per page; the server caps it at 100. */
  pageSize?: number;
}

type Loaded = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; name: string; count: number; runs: ReportLogEntry[] };

/**
 * The execution log of one report (/report/{id}/log/): its runs, newest first, with state, start and end
 * time, duration, error message and value, paged. Only the report's owners and admins get it; anyone else
 * gets the server's 404, shown as such.
 *
 * @example
 * <ReportExecutionLog client={client} reportId={7} />
 */
export function ReportExecutionLog({ client, reportId, pageSize = 25 }: ReportExecutionLogProps) {
  const [page, setPage] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    setLoaded((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    Promise.all([
      client.get<{ result: { name: string } }>(`/api/v1/report/${reportId}`, { rison: { columns: ['name'] } }),
      client.get<{ count: number; result: ReportLogEntry[] }>(`/api/v1/report/${reportId}/log/`, {
        rison: { order_column: 'start_dttm', order_direction: 'desc', page, page_size: pageSize },
      }),
    ]).then(
      ([report, log]) => live && setLoaded({ status: 'ready', name: report.json.result.name, count: log.json.count, runs: log.json.result }),
      (error) => live && setLoaded({ status: 'error', message: getClientErrorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [client, reportId, page, pageSize]);

  const pages = loaded.status === 'ready' ? Math.max(1, Math.ceil(loaded.count / pageSize)) : 1;
  return (
    <section className="bi-report-log" aria-label="Execution log">
      <style>{REPORT_STATE_CSS}</style>
      <p>
        <a href="/report/list/">Reports</a>
      </p>
      <h1>{loaded.status === 'ready' ? `Execution log: ${loaded.name}` : 'Execution log'}</h1>
      {loaded.status === 'loading' && <LoadingLines label="Loading execution log" />}
      {loaded.status === 'error' && <p role="alert">{loaded.message}</p>}
      {loaded.status === 'ready' && loaded.count === 0 && <p>This report has not run yet.</p>}
      {loaded.status === 'ready' && loaded.count > 0 && (
        <>
          <table>
            <thead>
              <tr>
                <th scope="col">State</th>
                <th scope="col">Scheduled at</th>
                <th scope="col">Start time</th>
                <th scope="col">End time</th>
                <th scope="col">Duration</th>
                <th scope="col">Value</th>
                <th scope="col">Error message</th>
              </tr>
            </thead>
            <tbody>
              {loaded.runs.map((run) => (
                <tr key={run.id} data-log-id={run.id}>
                  <td>
                    <ReportStateBadge state={run.state} />
                  </td>
                  <td>{formatRunTime(run.scheduled_dttm)}</td>
                  <td>{formatRunTime(run.start_dttm)}</td>
                  <td>{formatRunTime(run.end_dttm)}</td>
                  <td>{formatDuration(run.start_dttm, run.end_dttm)}</td>
                  <td>{run.value ?? ''}</td>
                  <td className="bi-report-log__error">{run.error_message ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav className="bi-report-log__pages" aria-label="Log pages">
            <button type="button" className="bi-button" disabled={page === 0} onClick={() => setPage(page - 1)}>
              Previous
            </button>
            <span data-testid="log-row-count">{rowCountText(page, pageSize, loaded.count)}</span>
            <button type="button" className="bi-button" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
              Next
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
