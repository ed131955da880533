import type { ChartPlugin } from '@lumen-bi/charts';
import { CHART_DATA_ENDPOINT, chartDataQueryParams, formatResultCell, getClientErrorMessage, type ApiClient, type ChartDataResponseResult, type QueryFormData } from '@lumen-bi/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { downloadChartImage, imageFileName, saveBlob } from '../chart/download-chart-image';
import { fetchChartDataFile } from '../chart/fetch-chart-data-file';
import { ErrorPanel } from '../components/error-panel';
import { Modal } from '../components/modal';
import type { ToastStore } from '../components/toast-store';
import { COPIED_MESSAGE, COPY_UNSUPPORTED_MESSAGE, createPermalink, downloadText, fetchCsv, fetchQuerySql, fetchSamples, SAMPLES_ERROR_MESSAGE } from './explore-data-actions';
import { LoadingLines } from '../components/skeleton';

/** Rows shown in the data pane; the chart itself receives everything. */
const MAX_ROWS = 200;

/** A plain table of result records. */
export function ResultTable({ result, label }: { result: ChartDataResponseResult | null | undefined; label: string }) {
  if (!result) return <p>No data</p>;
  const rows = (result.data ?? []) as Record<string, unknown>[];
  const columns = result.colnames ?? Object.keys(rows[0] ?? {});
  return (
    <div className="bi-result">
      <p className="bi-result__count">{result.rowcount ?? rows.length} rows</p>
      {/* Focusable, so keyboard users can scroll a result wider or longer than its pane. */}
      <div className="bi-result__scroll" tabIndex={0} role="region" aria-label={`${label} (scrollable)`}>
        <table className="bi-result-table" aria-label={label}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, MAX_ROWS).map((row, i) => (
              <tr key={i}>
                {columns.map((c, j) => (
                  <td key={c}>{formatResultCell(row[c], result.coltypes?.[j])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/**
 * The label of a chart's i-th result: 'Results', or, for a chart of several queries (the mixed chart's
 * query A and query B), which query's.
 */
function resultsLabel(index: number, count: number): string {
  return count > 1 ? `Results of query ${String.fromCharCode(65 + index)}` : 'Results';
}

/**
 * What the sample rows depend on: the dataset and the chart's filters (not its metrics, grouping or
 * options, which samples ignore).
 */
function samplesKeyOf(formData: QueryFormData): string {
  const { datasource, adhoc_filters, time_range, granularity_sqla, extra_filters, extra_form_data, where } = formData as Record<string, unknown>;
  return JSON.stringify([datasource, adhoc_filters, time_range, granularity_sqla, extra_filters, extra_form_data, where]);
}

export interface DataPaneProps {
  client: ApiClient;
  plugin: ChartPlugin | null;
  formData: QueryFormData;
  results: ChartDataResponseResult[] | null;
  canCsv: boolean;
  toasts?: ToastStore;
  /** Where permalinks point (the app's origin). */
  origin: string;
  /** Clipboard write; rejects or is absent where the browser cannot copy. */
  copyText?: (text: string) => Promise<void>;
  download?: (text: string, filename: string) => void;
  /**
   * 'Download as image': the drawn chart's element (null while nothing is drawn) and the title naming
   * the PNG. The action is offered only when this is given.
   */
  chartImage?: { element(): HTMLElement | null; title: string; ready: boolean };
}

/**
 * Below the chart: Results and Samples tabs, and the View query, Download CSV, Export to Excel and Export to
 * .JSON (these three with can_csv only), Download as image (a PNG of the drawn chart) and Share (permalink copied to the clipboard) actions.
 *
 * @example
 * <DataPane client={client} plugin={plugin} formData={fd} results={store.queriesResponse.value} canCsv origin={location.origin} />
 */
export function DataPane({ client, plugin, formData, results, canCsv, toasts, origin, copyText, download, chartImage }: DataPaneProps) {
  const [tab, setTab] = useState<'results' | 'samples'>('results');
  const [samples, setSamples] = useState<{ result?: ChartDataResponseResult; error?: string; loading: boolean } | null>(null);
  const [query, setQuery] = useState<{ sql?: string; error?: unknown } | null>(null);

  // Samples are fetched when the tab is shown, and again when the dataset or the filters change. The
  // effect depends on that key, never on the samples state it sets: a dependency on its own state re-ran
  // it on 'loading', and the re-run's cleanup aborted the request it had just sent (Loading… forever).
  const samplesKey = useMemo(() => samplesKeyOf(formData), [formData]);
  const latestFormData = useRef(formData);
  latestFormData.current = formData;
  const loadedKey = useRef<string | null>(null);
  const showSamples = tab === 'samples' && plugin !== null;
  useEffect(() => {
    if (!showSamples || !plugin || loadedKey.current === samplesKey) return;
    const controller = new AbortController();
    setSamples({ loading: true });
    fetchSamples(client, plugin, latestFormData.current, controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        loadedKey.current = samplesKey;
        setSamples({ result, loading: false });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setSamples({ error: getClientErrorMessage(error) || SAMPLES_ERROR_MESSAGE, loading: false });
      });
    return () => controller.abort();
  }, [showSamples, samplesKey, plugin, client]);

  const viewQuery = async () => {
    if (!plugin) return;
    setQuery({});
    try {
      setQuery({ sql: await fetchQuerySql(client, plugin, formData) });
    } catch (error) {
      setQuery({ error });
    }
  };

  const downloadCsv = async () => {
    if (!plugin) return;
    try {
      const csv = await fetchCsv(client, plugin, formData);
      const name = `${String(formData.slice_id ? `chart_${formData.slice_id}` : 'chart_data')}.csv`;
      (download ?? ((text, file) => downloadText(document, text, file)))(csv, name);
    } catch (error) {
      toasts?.danger(getClientErrorMessage(error));
    }
  };

  /** The file name of a download of this chart's data, as the CSV's. */
  const dataFileName = (extension: string) => `${formData.slice_id ? `chart_${formData.slice_id}` : 'chart_data'}.${extension}`;
  const exportExcel = async () => {
    if (!plugin) return;
    try {
      const queryContext = { ...plugin.buildQuery(formData), result_format: 'xlsx' as const, result_type: 'full' as const };
      saveBlob(document, await fetchChartDataFile(client, queryContext, formData.slice_id), dataFileName('xlsx'));
    } catch (error) {
      toasts?.danger(getClientErrorMessage(error));
    }
  };
  const exportJson = async () => {
    if (!plugin) return;
    try {
      const queryContext = { ...plugin.buildQuery(formData), result_format: 'json' as const, result_type: 'full' as const };
      const { json } = await client.post<unknown>(CHART_DATA_ENDPOINT, queryContext, { query: chartDataQueryParams(formData.slice_id) });
      saveBlob(document, new Blob([JSON.stringify(json)], { type: 'application/json' }), dataFileName('json'));
    } catch (error) {
      toasts?.danger(getClientErrorMessage(error));
    }
  };

  // The same rendering as the dashboard's chart menu (download-chart-image.ts); a failure is a toast.
  const downloadImage = async () => {
    const element = chartImage?.element();
    if (!chartImage || !element) return;
    try {
      await downloadChartImage(element, imageFileName(chartImage.title));
    } catch (error) {
      toasts?.danger(getClientErrorMessage(error));
    }
  };

  const share = async () => {
    try {
      const url = await createPermalink(client, formData, origin);
      const copy = copyText ?? (typeof navigator !== 'undefined' && navigator.clipboard ? (t: string) => navigator.clipboard.writeText(t) : undefined);
      if (!copy) throw new Error('no clipboard');
      try {
        await copy(url);
        toasts?.success(COPIED_MESSAGE);
      } catch {
        toasts?.danger(COPY_UNSUPPORTED_MESSAGE);
      }
    } catch (error) {
      toasts?.danger((error as Error).message === 'no clipboard' ? COPY_UNSUPPORTED_MESSAGE : getClientErrorMessage(error));
    }
  };

  return (
    <section className="bi-data-pane" aria-label="Data">
      <div className="bi-data-pane__bar">
        <div className="bi-tabs" role="tablist">
          <button type="button" role="tab" aria-selected={tab === 'results'} className={`bi-tab${tab === 'results' ? ' bi-tab--active' : ''}`} onClick={() => setTab('results')}>
            Results
          </button>
          <button type="button" role="tab" aria-selected={tab === 'samples'} className={`bi-tab${tab === 'samples' ? ' bi-tab--active' : ''}`} onClick={() => setTab('samples')}>
            Samples
          </button>
        </div>
        <div className="bi-data-pane__actions">
          <button type="button" className="bi-button" onClick={viewQuery} disabled={!plugin}>
            View query
          </button>
          {canCsv && (
            <button type="button" className="bi-button" onClick={downloadCsv} disabled={!plugin || !results}>
              Download CSV
            </button>
          )}
          {canCsv && (
            <button type="button" className="bi-button" onClick={exportExcel} disabled={!plugin || !results}>
              Export to Excel
            </button>
          )}
          {canCsv && (
            <button type="button" className="bi-button" onClick={exportJson} disabled={!plugin || !results}>
              Export to .JSON
            </button>
          )}
          {chartImage && (
            <button type="button" className="bi-button" onClick={downloadImage} disabled={!chartImage.ready}>
              Download as image
            </button>
          )}
          <button type="button" className="bi-button" onClick={share} disabled={!formData.datasource}>
            Share
          </button>
        </div>
      </div>
      <div role="tabpanel">
        {tab === 'results' && (results ? results.map((result, i) => <ResultTable key={i} result={result} label={resultsLabel(i, results.length)} />) : <p>No results yet.</p>)}
        {tab === 'samples' && (samples?.loading ? <LoadingLines label="Loading samples" /> : samples?.error ? <ErrorPanel error={samples.error} /> : <ResultTable result={samples?.result} label="Samples" />)}
      </div>
      <Modal title="View query" show={query !== null} onHide={() => setQuery(null)} footer={<button type="button" className="bi-button" onClick={() => setQuery(null)}>Close</button>}>
        {query?.error ? <ErrorPanel error={query.error as Error} /> : query?.sql !== undefined ? <pre className="bi-sql">{query.sql}</pre> : <LoadingLines label="Loading query" />}
      </Modal>
    </section>
  );
}
