import type { ChartRegistry } from '@lumen-bi/charts';
import type { ApiClient, EventLogger } from '@lumen-bi/core';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { COMPONENTS_CSS } from '../components/components-styles';
import { ErrorPanel } from '../components/error-panel';
import { SwapDatasetModal } from '../datasets/swap-dataset-modal';
import type { ToastStore } from '../components/toast-store';
import { Toasts } from '../components/toasts';
import { useExploreLogging } from '../logging/event-logging';
import { canWriteReports, ReportMenu } from '../reports/report-menu';
import { ChartArea } from './chart-area';
import { ChartNotFound, ChartNotFoundError } from './chart-not-found';
import { ControlPanel } from './control-panel';
import { DataPane } from './data-pane';
import { DatasetChooser } from './dataset-chooser';
import { DatasetPanel } from './dataset-panel';
import { EXPLORE_CSS } from './explore-styles';
import { createExploreStore, type ExploreStore } from './explore-store';
import { parseExploreUrl } from './explore-url';
import { SaveModal } from './save-modal';
import { VizTypePicker } from './viz-type-picker';
import { LoadingLines } from '../components/skeleton';

export interface ExploreViewProps {
  client: ApiClient;
  registry: ChartRegistry;
  /** The address Explore was opened with (path and query string). */
  pathname: string;
  search: string;
  toasts?: ToastStore;
  /** Called with the address that matches the state (the app replaces the history entry). */
  onUrlChange?(url: string): void;
  /** Origin permalinks are made absolute with. */
  origin?: string;
  copyText?(text: string): Promise<void>;
  /** A store made by the caller (tests); otherwise one per view. */
  store?: ExploreStore;
  /** Usage events (mount_explorer); nothing is logged without one. */
  logger?: EventLogger;
  /** In-app navigation (the save modal's 'Save & go to dashboard'); without it the browser loads the address. */
  onNavigate?(href: string): void;
}

/**
 * The chart builder: dataset panel, viz type and control panel, chart, data pane and save modal.
 *
 * @example
 * <ExploreView client={client} registry={registry} pathname="/explore/" search="?slice_id=3" onUrlChange={(u) => history.replaceState(null, '', u)} />
 */
export function ExploreView({ client, registry, pathname, search, toasts, onUrlChange, origin = '', copyText, store: given, logger, onNavigate }: ExploreViewProps) {
  useSignals();
  const [store] = useState(() => given ?? createExploreStore({ client, registry, toasts }));
  const [swapping, setSwapping] = useState(false);
  useEffect(() => {
    void store.load(parseExploreUrl(pathname, search));
    // The entry address is read once; later addresses are written by the store itself.
  }, [store]); // eslint-disable-line react-hooks/exhaustive-deps

  const url = store.url.value;
  useEffect(() => {
    if (url) onUrlChange?.(url);
  }, [url, onUrlChange]);

  const status = store.loadStatus.value;
  const datasource = store.datasource.value;
  const formData = store.formData.value;
  const plugin = store.plugin.value;
  const chartFormData = store.chartFormData.value;
  const chartPlugin = chartFormData && registry.has(chartFormData.viz_type) ? registry.get(chartFormData.viz_type) : null;
  const errors = store.validationErrors.value;
  const chartStatus = store.chartStatus.value;
  const title = store.slice.value?.slice_name ?? 'Untitled chart';
  const mainRef = useRef<HTMLDivElement>(null);
  const sliceId = store.slice.value?.id;
  const user = store.user.value;
  useExploreLogging(logger, status === 'ready' || status === 'error' || status === 'needs-datasource', sliceId);

  let body;
  if (status === 'idle' || status === 'loading') {
    body = <LoadingLines label="Loading chart" />;
  } else if (status === 'error') {
    const error = store.loadError.value;
    body = error instanceof ChartNotFoundError ? <ChartNotFound sliceId={error.sliceId} /> : <ErrorPanel error={error ?? 'Unknown error'} />;
  } else if (status === 'needs-datasource') {
    body = <DatasetChooser client={client} onChoose={(key) => void store.chooseDatasource(key)} />;
  } else if (datasource) {
    body = (
      <div className="bi-explore__columns">
        <div className="bi-explore__dataset">
          <button type="button" className="bi-link-button" onClick={() => setSwapping(true)}>
            Swap dataset
          </button>
          <DatasetPanel datasource={datasource} />
          <SwapDatasetModal
            client={client}
            toasts={toasts}
            show={swapping}
            currentDatasetId={datasource.id}
            onHide={() => setSwapping(false)}
            // Re-points the form data at the new dataset (controls kept) and reloads its metadata.
            onProceed={(dataset) => store.chooseDatasource(`${dataset.id}__table`)}
          />
        </div>
        <div className="bi-explore__controls">
          <VizTypePicker registry={registry} value={formData.viz_type} onChange={store.setVizType} />
          {plugin ? (
            <ControlPanel plugin={plugin} formData={formData} datasource={datasource} errors={errors} api={client} onChange={store.setControl} />
          ) : (
            <ErrorPanel error={store.vizError.value ?? 'Unknown viz type'} />
          )}
          <div className="bi-explore__run">
            {chartStatus === 'loading' ? (
              <button type="button" className="bi-button" onClick={store.stopQuery}>
                Stop
              </button>
            ) : (
              <button type="button" className="bi-button bi-button--primary" disabled={!store.canRun.value} onClick={() => void store.runQuery()}>
                {store.queriesResponse.value ? 'Update chart' : 'Create chart'}
              </button>
            )}
          </div>
        </div>
        <div className="bi-explore__main" ref={mainRef}>
          {!plugin && !chartPlugin ? (
            <ErrorPanel error={store.vizError.value ?? 'Unknown viz type'} />
          ) : (
            <ChartArea
              plugin={chartPlugin}
              formData={chartFormData}
              queriesData={store.queriesResponse.value}
              status={chartStatus}
              error={store.chartError.value}
              onRendered={store.chartRendered}
              onRenderFailed={store.chartRenderFailed}
              missingControls={store.missingControls.value}
              api={client}
            />
          )}
          <DataPane
            client={client}
            plugin={plugin}
            formData={formData}
            results={store.queriesResponse.value}
            canCsv={store.canCsv.value}
            toasts={toasts}
            origin={origin}
            copyText={copyText}
            // The PNG is of the drawn chart only (not the spinner or the data pane), once it has drawn.
            chartImage={{ element: () => mainRef.current?.querySelector<HTMLElement>('.bi-chart-area__host') ?? null, title, ready: chartStatus === 'rendered' }}
          />
        </div>
      </div>
    );
  }

  return (
    <div className="bi-explore">
      <style>{COMPONENTS_CSS + EXPLORE_CSS}</style>
      <header className="bi-explore__header">
        <h1>{title}</h1>
        {/* One actions group at the right edge: as loose siblings of the title, space-between left Save mid-header. */}
        <div className="bi-explore__actions">
          {status === 'ready' && store.canSave.value && (
            <button type="button" className="bi-button" onClick={store.openSaveModal} disabled={!plugin}>
              Save
            </button>
          )}
          {status === 'ready' && toasts && sliceId !== undefined && user && canWriteReports(user) && (
            <ReportMenu api={client} toasts={toasts} target={{ chartId: sliceId }} user={user} title={title} />
          )}
        </div>
      </header>
      {body}
      <SaveModal store={store} onNavigate={onNavigate} />
      {toasts && <Toasts store={toasts} />}
    </div>
  );
}
