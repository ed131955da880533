/**
 * The "..." menu of a dashboard chart: refresh, full screen, view query, view as table, download CSV
 * (can_csv), download as image (anyone who sees the chart), share a chart permalink (can_share_chart) and
 * open in Explore (can_explore).
 */
import { CHART_DATA_ENDPOINT, chartDataQueryParams, fetchChartData, getClientErrorMessage, type ChartDataResponseResult } from '@lumen-bi/core';
import { useRef, useState } from 'react';
import { downloadChartImage, imageFileName } from '../chart/download-chart-image';
import { Modal } from '../components/modal';
import { copyText } from './copy-text';
import { useDashboard } from './dashboard-context';

type Panel = { kind: 'query'; text: string } | { kind: 'table'; result: ChartDataResponseResult } | null;

export function ChartHeaderMenu({ chartId, title }: { chartId: number; title: string }) {
  const { store, registry, exploreUrl, origin } = useDashboard();
  const [open, setOpen] = useState(false);
  const [panel, setPanel] = useState<Panel>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const perms = store.permissions.value;
  const fullSize = store.fullSizeChartId.value === chartId;

  const queryContext = (extra: Record<string, unknown>) => {
    const formData = store.chartFormData(chartId)!;
    const plugin = registry.get(formData.viz_type);
    return { formData, queryContext: { ...plugin.buildQuery(formData), ...extra } };
  };
  const run = async (action: () => Promise<void>) => {
    setOpen(false);
    try {
      await action();
    } catch (failure) {
      store.toasts?.danger(getClientErrorMessage(failure));
    }
  };

  const viewQuery = () =>
    run(async () => {
      const { formData, queryContext: qc } = queryContext({ result_type: 'query' });
      const results = await fetchChartData(store.api, { formData, queryContext: qc, dashboardId: store.info.value?.id });
      setPanel({ kind: 'query', text: results.map((r) => r.query ?? '').join(';\n\n') });
    });
  const viewTable = () =>
    run(async () => {
      const { formData, queryContext: qc } = queryContext({ result_type: 'results' });
      const [result] = await fetchChartData(store.api, { formData, queryContext: qc, dashboardId: store.info.value?.id });
      setPanel({ kind: 'table', result });
    });
  const downloadCsv = () =>
    run(async () => {
      const { formData, queryContext: qc } = queryContext({ result_format: 'csv', result_type: 'full' });
      const { json } = await store.api.post<unknown>(CHART_DATA_ENDPOINT, qc, { query: chartDataQueryParams(formData.slice_id, store.info.value?.id), headers: { Accept: 'text/csv, application/json' } });
      const text = typeof json === 'string' ? json : JSON.stringify(json);
      const doc = (document as Document | undefined) ?? null;
      if (!doc) return;
      const href = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
      const link = doc.createElement('a');
      link.href = href;
      link.download = `${title || `chart-${chartId}`}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(href), 1000);
    });
  const downloadImage = () =>
    run(async () => {
      // The whole holder (title and chart), found from the menu so it works in a shadow root too.
      const holder = menuRef.current?.closest<HTMLElement>('.bi-dash-chart');
      if (!holder) throw new Error('The chart to download is no longer on the page');
      await downloadChartImage(holder, imageFileName(title || `chart-${chartId}`));
    });
  const shareChart = () =>
    run(async () => {
      const formData = store.chartFormData(chartId)!;
      const { json } = await store.api.post<{ url: string }>('/api/v1/explore/permalink', { formData, urlParams: [] });
      const url = /^https?:\/\//.test(json.url) ? json.url : `${origin}${json.url}`;
      await copyText(url, store.toasts);
    });

  return (
    <div className="bi-dash-menu" ref={menuRef}>
      <button type="button" className="bi-dash-icon-button" aria-label={`More options for ${title}`} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        ⋯
      </button>
      {open && (
        <ul className="bi-dash-menu__list" role="menu">
          <li role="menuitem" onClick={() => run(async () => store.refreshChart(chartId, true))}>
            Force refresh
          </li>
          <li role="menuitem" onClick={() => run(async () => void (store.fullSizeChartId.value = fullSize ? null : chartId))}>
            {fullSize ? 'Exit fullscreen' : 'Enter fullscreen'}
          </li>
          {perms.canExplore && (
            <li role="menuitem">
              <a href={exploreUrl(chartId)}>Edit chart</a>
            </li>
          )}
          <li role="menuitem" onClick={viewQuery}>
            View query
          </li>
          <li role="menuitem" onClick={viewTable}>
            View as table
          </li>
          {perms.canCsv && (
            <li role="menuitem" onClick={downloadCsv}>
              Download as CSV
            </li>
          )}
          <li role="menuitem" onClick={downloadImage}>
            Download as image
          </li>
          {perms.canShareChart && (
            <li role="menuitem" onClick={shareChart}>
              Share chart
            </li>
          )}
        </ul>
      )}
      <Modal title={panel?.kind === 'query' ? 'View query' : `Data: ${title}`} show={panel !== null} onHide={() => setPanel(null)} footer={<button type="button" className="bi-button" onClick={() => setPanel(null)}>Close</button>} responsive>
        {panel?.kind === 'query' && <pre className="bi-dash-query">{panel.text}</pre>}
        {panel?.kind === 'table' && <ResultTable result={panel.result} />}
      </Modal>
    </div>
  );
}

function ResultTable({ result }: { result: ChartDataResponseResult }) {
  const rows = (result.data ?? []) as Record<string, unknown>[];
  const columns = result.colnames ?? Object.keys(rows[0] ?? {});
  return (
    <div className="bi-dash-table-wrap">
      <p>{rows.length} rows</p>
      <table className="bi-dash-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c}>{c}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, 1000).map((row, i) => (
            <tr key={i}>
              {columns.map((c) => (
                <td key={c}>{row[c] === null ? 'N/A' : String(row[c])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
