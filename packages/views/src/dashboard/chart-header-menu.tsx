/**
 * The "..." menu of a dashboard chart: refresh, full screen, view query, view as table, download CSV, export
 * to Excel and export to .JSON (all three with can_csv, as in the incumbent), drill to detail (the chart's
 * rows under the dashboard's filters, in a dialog whose code loads on
 * first use; a right-clicked data point of the chart offers "Drill to detail by <value>"), download as image (anyone who sees the chart), share a chart permalink (can_share_chart) and
 * open in Explore (can_explore). A menu button (menu and menuitem roles, arrow keys, Home and End); Escape,
 * Tab or a press outside closes it, and opening one chart's menu closes any other. The list is drawn in a
 * portal so the chart card's clipping never cuts it.
 */
import { CHART_DATA_ENDPOINT, chartDataQueryParams, fetchChartData, getClientErrorMessage, type ChartDataResponseResult } from '@lumen-bi/core';
import { useEffect, useRef, useState } from 'react';
import { downloadChartImage, imageFileName, saveBlob } from '../chart/download-chart-image';
import { fetchChartDataFile } from '../chart/fetch-chart-data-file';
import { Glyph } from '../components/glyphs';
import { lazyModule, useLazyModule } from '../components/lazy-module';
import { Modal } from '../components/modal';
import { PopupMenu, type MenuItem } from '../components/popup-menu';
import { useMenuButton } from '../components/use-menu-button';
import { Portal } from '../components/portal';
import { copyText } from './copy-text';
import { useDashboard } from './dashboard-context';
import { drillDatasetId, drillDetailFilters, drillPointFilter, type DrillDetailTarget } from './drill-detail/drill-detail-request';
import { DRILL_POINT_EVENT, type DrillPointDetail } from './drill-detail/drill-point-event';

type Panel = { kind: 'query'; text: string } | { kind: 'table'; result: ChartDataResponseResult } | null;

/** The drill-to-detail dialog's chunk, loaded when a chart's menu first asks for it. */
const drillDetailCode = lazyModule(() => import('./drill-detail/drill-detail-modal'));

/** Closes the chart menu that is open, wherever on the page it is. */
let closeOpenMenu: (() => void) | null = null;

export function ChartHeaderMenu({ chartId, title }: { chartId: number; title: string }) {
  const { store, registry, exploreUrl, origin } = useDashboard();
  const { open, setOpen, initialFocus, menuId, trigger, close, triggerProps } = useMenuButton();
  const [panel, setPanel] = useState<Panel>(null);
  const [drill, setDrill] = useState<{ target: DrillDetailTarget; by?: string } | null>(null);
  // A right-clicked data point of this chart, offering "Drill to detail by <value>" at the pointer.
  const [point, setPoint] = useState<DrillPointDetail | null>(null);
  const pointAnchor = useRef<HTMLSpanElement>(null);
  const drillCode = useLazyModule(drillDetailCode, drill !== null, (failure) => {
    setDrill(null);
    store.toasts?.danger(getClientErrorMessage(failure));
  });
  const perms = store.permissions.value;
  const fullSize = store.fullSizeChartId.value === chartId;

  const queryContext = (extra: Record<string, unknown>) => {
    const formData = store.chartFormData(chartId)!;
    const plugin = registry.get(formData.viz_type);
    return { formData, queryContext: { ...plugin.buildQuery(formData), ...extra } };
  };
  // The chart below this menu's button offers its right-clicked points (charts' drill-point.ts): take them.
  useEffect(() => {
    const holder = trigger.current?.closest<HTMLElement>('.bi-dash-chart');
    if (!holder) return;
    const onPoint = (event: Event) => {
      event.preventDefault();
      closeOpenMenu?.();
      setPoint((event as CustomEvent<DrillPointDetail>).detail);
    };
    holder.addEventListener(DRILL_POINT_EVENT, onPoint);
    return () => holder.removeEventListener(DRILL_POINT_EVENT, onPoint);
  }, [trigger]);
  // One chart menu at a time: opening this one closes any other.
  useEffect(() => {
    if (!open) return;
    const mine = () => setOpen(false);
    closeOpenMenu?.();
    closeOpenMenu = mine;
    return () => {
      if (closeOpenMenu === mine) closeOpenMenu = null;
    };
  }, [open]);

  const run = async (action: () => Promise<void>) => {
    // Focus goes back to the button, so a dialog the action opens returns it there when it closes.
    close(true);
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
      saveBlob(document, new Blob([text], { type: 'text/csv' }), `${title || `chart-${chartId}`}.csv`);
    });
  /** The chart's rows as an .xlsx workbook, one sheet per query, typed as the server writes them. */
  const exportExcel = () =>
    run(async () => {
      const { formData, queryContext: qc } = queryContext({ result_format: 'xlsx', result_type: 'full' });
      const workbook = await fetchChartDataFile(store.api, qc, formData.slice_id, store.info.value?.id);
      saveBlob(document, workbook, `${title || `chart-${chartId}`}.xlsx`);
    });
  /** The chart data's JSON answer ({result: [...]}) as the server gives it. */
  const exportJson = () =>
    run(async () => {
      const { formData, queryContext: qc } = queryContext({ result_format: 'json', result_type: 'full' });
      const { json } = await store.api.post<unknown>(CHART_DATA_ENDPOINT, qc, { query: chartDataQueryParams(formData.slice_id, store.info.value?.id) });
      saveBlob(document, new Blob([JSON.stringify(json)], { type: 'application/json' }), `${title || `chart-${chartId}`}.json`);
    });
  /** Opens the drill-to-detail dialog on the chart's filters, and the clicked point's when there is one. */
  const openDrill = (by?: Pick<DrillPointDetail, 'column' | 'value' | 'label'>) => {
    const { formData, queryContext: qc } = queryContext({});
    const datasetId = drillDatasetId(formData.datasource);
    if (datasetId === null) throw new Error('Drill to detail needs a chart on a dataset');
    const filters = drillDetailFilters(qc, by ? [drillPointFilter(by)] : []);
    setDrill({ target: { datasetId, sliceId: formData.slice_id ?? chartId, dashboardId: store.info.value?.id, filters }, by: by?.label });
  };
  const drillToDetail = () => run(async () => openDrill());
  const drillByPoint = (chosen: DrillPointDetail) => {
    setPoint(null);
    // The dialog gives focus back to what had it when it opened: the chart's menu button, not a gone item.
    trigger.current?.focus();
    try {
      openDrill(chosen);
    } catch (failure) {
      store.toasts?.danger(getClientErrorMessage(failure));
    }
  };
  const downloadImage = () =>
    run(async () => {
      // The holder (title and chart) of the button that opened this menu, so it works in a shadow root too.
      const holder = trigger.current?.closest<HTMLElement>('.bi-dash-chart');
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

  const items: MenuItem[] = [
    { label: 'Force refresh', onSelect: () => run(async () => store.refreshChart(chartId, true)) },
    { label: fullSize ? 'Exit fullscreen' : 'Enter fullscreen', onSelect: () => run(async () => void (store.fullSizeChartId.value = fullSize ? null : chartId)) },
    ...(perms.canExplore ? [{ label: 'Edit chart', href: exploreUrl(chartId) }] : []),
    { label: 'View query', onSelect: viewQuery },
    { label: 'View as table', onSelect: viewTable },
    ...(perms.canCsv
      ? [
          { label: 'Download as CSV', onSelect: downloadCsv },
          { label: 'Export to Excel', onSelect: exportExcel },
          { label: 'Export to .JSON', onSelect: exportJson },
        ]
      : []),
    { label: 'Drill to detail', onSelect: drillToDetail },
    { label: 'Download as image', onSelect: downloadImage },
    ...(perms.canShareChart ? [{ label: 'Share chart', onSelect: shareChart }] : []),
  ];

  return (
    <div className="bi-dash-menu">
      <button type="button" className="bi-icon-button bi-dash-menu__trigger" aria-label={`More options for ${title}`} {...triggerProps}>
        <Glyph name="more" />
      </button>
      {open && (
        <Portal>
          <PopupMenu id={menuId} label={`Options for ${title}`} items={items} anchor={trigger} initialFocus={initialFocus} onClose={close} />
        </Portal>
      )}
      <Modal title={panel?.kind === 'query' ? 'View query' : `Data: ${title}`} show={panel !== null} onHide={() => setPanel(null)} footer={<button type="button" className="bi-button" onClick={() => setPanel(null)}>Close</button>} responsive>
        {panel?.kind === 'query' && (
          // Scrollable, so it takes focus: keyboard users scroll it with the arrow keys.
          <pre className="bi-dash-query" tabIndex={0} aria-label="Query">
            {panel.text}
          </pre>
        )}
        {panel?.kind === 'table' && <ResultTable result={panel.result} />}
      </Modal>
      {point && (
        <Portal>
          <span ref={pointAnchor} style={{ position: 'fixed', left: point.clientX, top: point.clientY, width: 0, height: 0 }} />
          <PopupMenu label={`Drill options for ${title}`} items={[{ label: `Drill to detail by ${point.label}`, onSelect: () => drillByPoint(point) }]} anchor={pointAnchor} initialFocus="first" onClose={() => setPoint(null)} />
        </Portal>
      )}
      {drill && drillCode && (
        <drillCode.DrillDetailModal
          api={store.api}
          title={title}
          target={drill.target}
          by={drill.by}
          canDownload={perms.canCsv}
          onHide={() => setDrill(null)}
          onDownloadError={(message) => store.toasts?.danger(message)}
        />
      )}
    </div>
  );
}

function ResultTable({ result }: { result: ChartDataResponseResult }) {
  const rows = (result.data ?? []) as Record<string, unknown>[];
  const columns = result.colnames ?? Object.keys(rows[0] ?? {});
  return (
    <div className="bi-dash-table-wrap" tabIndex={0} role="region" aria-label="Results">
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
