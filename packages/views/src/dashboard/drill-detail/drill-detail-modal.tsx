/**
 * The "Drill to detail" dialog: the rows behind a dashboard chart under the dashboard's active filters, 50
 * a page with the total count, Previous/Next, and a CSV download of every filtered row. Its own chunk
 * (chart-header-menu loads it on first use): none of it is in the first load of <bi-dashboard> or <bi-chart>.
 */
import { getClientErrorMessage, type ApiClient } from '@lumen-bi/core';
import { useEffect, useState } from 'react';
import { Modal } from '../../components/modal';
import { Spinner } from '../../components/spinner';
import { saveBlob } from '../../chart/download-chart-image';
import { DRILL_DETAIL_PAGE_SIZE, fetchDrillDetailCsv, fetchDrillDetailPage, type DrillDetailPage, type DrillDetailTarget } from './drill-detail-request';
import { DRILL_DETAIL_CSS } from './drill-detail-styles';

export interface DrillDetailModalProps {
  api: ApiClient;
  /** The chart's title, for the dialog's title and the CSV's file name. */
  title: string;
  target: DrillDetailTarget;
  /** The clicked data point's value when drilling by one ("Drill to detail by <value>"). */
  by?: string;
  /** Offer the CSV download (the user's can_csv). */
  canDownload: boolean;
  onHide(): void;
  /** A failed download, told as the dashboard tells failures (a toast). */
  onDownloadError(message: string): void;
}

type PageState = { status: 'loading'; last: DrillDetailPage | null } | { status: 'ready'; page: DrillDetailPage } | { status: 'error'; message: string };

/** The page's rows: 1-based page number, its state, and a setter; a new page cancels the request for the last. */
function useDrillDetailPage(api: ApiClient, target: DrillDetailTarget) {
  const [page, setPage] = useState(1);
  const [state, setState] = useState<PageState>({ status: 'loading', last: null });
  useEffect(() => {
    const abort = new AbortController();
    setState((previous) => ({ status: 'loading', last: previous.status === 'ready' ? previous.page : previous.status === 'loading' ? previous.last : null }));
    fetchDrillDetailPage(api, target, page, abort.signal).then(
      (result) => !abort.signal.aborted && setState({ status: 'ready', page: result }),
      (failure: unknown) => !abort.signal.aborted && setState({ status: 'error', message: getClientErrorMessage(failure) }),
    );
    return () => abort.abort();
  }, [api, target, page]);
  return { page, setPage, state };
}

export function DrillDetailModal({ api, title, target, by, canDownload, onHide, onDownloadError }: DrillDetailModalProps) {
  const { page, setPage, state } = useDrillDetailPage(api, target);
  const [downloading, setDownloading] = useState(false);
  const shown = state.status === 'ready' ? state.page : state.status === 'loading' ? state.last : null;
  const total = shown?.total_count ?? 0;
  const pages = Math.max(1, Math.ceil(total / DRILL_DETAIL_PAGE_SIZE));

  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(document, new Blob([await fetchDrillDetailCsv(api, target)], { type: 'text/csv' }), `${title || 'chart'} (detail).csv`);
    } catch (failure) {
      onDownloadError(getClientErrorMessage(failure));
    } finally {
      setDownloading(false);
    }
  };

  const footer = (
    <>
      {canDownload && (
        <button type="button" className="bi-button" onClick={() => void download()} disabled={downloading || state.status === 'error' || total === 0}>
          {downloading ? 'Downloading…' : 'Download'}
        </button>
      )}
      <button type="button" className="bi-button bi-button--primary" onClick={onHide}>
        Close
      </button>
    </>
  );

  return (
    <Modal title={by === undefined ? `Drill to detail: ${title}` : `Drill to detail by ${by}: ${title}`} show onHide={onHide} footer={footer} responsive className="bi-drill-detail">
      <style>{DRILL_DETAIL_CSS}</style>
      {state.status === 'error' ? (
        <div className="bi-alert bi-alert--danger" role="alert">
          {state.message}
        </div>
      ) : (
        <>
          <div className="bi-drill-detail__bar">
            <span className="bi-drill-detail__count" data-testid="drill-detail-total" aria-live="polite">
              {shown ? `${total.toLocaleString()} ${total === 1 ? 'row' : 'rows'}` : 'Counting rows…'}
            </span>
            <nav className="bi-drill-detail__pager" aria-label="Pages">
              <button type="button" className="bi-button" disabled={page <= 1 || state.status === 'loading'} onClick={() => setPage(page - 1)} aria-label="Previous page">
                ‹ Previous
              </button>
              <span className="bi-drill-detail__page" data-testid="drill-detail-page">
                Page {page} of {pages}
              </span>
              <button type="button" className="bi-button" disabled={page >= pages || state.status === 'loading'} onClick={() => setPage(page + 1)} aria-label="Next page">
                Next ›
              </button>
            </nav>
          </div>
          <div className="bi-drill-detail__rows" aria-busy={state.status === 'loading'}>
            {state.status === 'loading' && <Spinner label="Loading rows" />}
            {shown && <RowsTable page={shown} />}
          </div>
        </>
      )}
    </Modal>
  );
}

/** The page's rows; a scrollable region, so keyboard users scroll it with the arrow keys. */
function RowsTable({ page }: { page: DrillDetailPage }) {
  if (!page.data.length) return <p className="bi-drill-detail__empty">No rows match the filters.</p>;
  return (
    <div className="bi-drill-detail__scroll" tabIndex={0} role="region" aria-label="Rows">
      <table className="bi-drill-detail__table">
        <thead>
          <tr>
            {page.colnames.map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {page.data.map((row, i) => (
            <tr key={i}>
              {page.colnames.map((name, c) => (
                <td key={name}>{cellText(row[name], page.coltypes[c])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A cell as text: temporal values (coltype 2, epoch ms) as UTC date-times, nulls as 'N/A'. */
export function cellText(value: unknown, coltype: number | undefined): string {
  if (value === null || value === undefined) return 'N/A';
  if (coltype === 2 && typeof value === 'number') return new Date(value).toISOString().replace('T', ' ').replace(/(\.000)?Z$/, '');
  return String(value);
}
