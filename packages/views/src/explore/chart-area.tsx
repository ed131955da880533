import { DEFAULT_CHART_THEME, RENDERED_EVENT, observeResize, type ChartInstance, type ChartPlugin } from '@lumen-bi/charts';
import type { ApiClient, ChartDataResponseResult, QueryFormData } from '@lumen-bi/core';
import { useEffect, useRef, useState } from 'react';
import { chartSurface, useChartThemeChange } from '../chart/chart-surface';
import { useMapStyleUrl } from '../chart/client-config';
import { ErrorPanel } from '../components/error-panel';
import type { ChartStatus } from './explore-types';
import { Spinner } from '../components/spinner';

export interface ChartAreaProps {
  /** The plugin of the form data the result was queried with. */
  plugin: ChartPlugin | null;
  formData: QueryFormData | null;
  queriesData: ChartDataResponseResult[] | null;
  status: ChartStatus;
  error: Error | null;
  onRendered(): void;
  onRenderFailed(error: unknown): void;
  /** Controls to fill before a preview (the store's missingControls): [] for invalid ones, labels for an empty query. */
  missingControls?: string[] | null;
  /** Explore's API client: a deck chart reads the deployment's map style with it (GET /api/v1/client_config/). */
  api?: ApiClient;
}

/** The incumbent's prompt for a chart that cannot run yet, instead of the server's refusal of its query. */
export const REQUIRED_CONTROLS_TITLE = 'Add required control values to preview chart';
const RUN_HINT = 'Then run the query by clicking on the "Create chart" button.';

function MissingControlsPrompt({ labels }: { labels: string[] }) {
  const what = labels.length ? `Add a value to at least one of: ${labels.join(', ')}.` : 'Select values in highlighted field(s) in the control panel.';
  return (
    <div className="bi-chart-area__prompt" role="status">
      <p className="bi-chart-area__prompt-title">{REQUIRED_CONTROLS_TITLE}</p>
      <p>
        {what} {RUN_HINT}
      </p>
    </div>
  );
}

// happy-dom and hidden containers measure 0: draw at a sensible size and let the observer correct it.
const FALLBACK = { width: 600, height: 400 };

/**
 * Draws the chart: plugin.transformProps then plugin.render into a div, updating in place while the
 * plugin stays the same, resizing with the container (ResizeObserver), and reporting the plugin's
 * "rendered" event. A failed query or render shows the structured error panel instead of a blank.
 *
 * @example
 * <ChartArea plugin={p} formData={store.chartFormData.value} queriesData={store.queriesResponse.value} ... />
 */
export function ChartArea({ plugin, formData, queriesData, status, error, onRendered, onRenderFailed, missingControls = null, api }: ChartAreaProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  // undefined while a deck chart's map style is being read: it draws once it is known.
  const mapStyleUrl = useMapStyleUrl(api, formData?.viz_type);
  const mounted = useRef<{ plugin: ChartPlugin; instance: ChartInstance<object>; stopResize(): void } | null>(null);
  const callbacks = useRef({ onRendered, onRenderFailed });
  callbacks.current = { onRendered, onRenderFailed };

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    // A draw that failed after render() returned carries its error in the event's detail (RENDERED_EVENT).
    const listener = (event: Event) => {
      const error = (event as CustomEvent<{ error?: unknown } | null>).detail?.error;
      if (error === undefined) callbacks.current.onRendered();
      else callbacks.current.onRenderFailed(error);
    };
    host.addEventListener(RENDERED_EVENT, listener);
    return () => host.removeEventListener(RENDERED_EVENT, listener);
  }, []);

  // Series colours depend on the surface (lifted on a dark one): a theme change draws the chart again.
  const [themeChanges, setThemeChanges] = useState(0);
  useChartThemeChange(hostRef, () => setThemeChanges((n) => n + 1));

  // Only failure matters here: succeeded -> rendered must not redraw the chart it just drew.
  const failed = status === 'failed';
  useEffect(() => {
    const host = hostRef.current;
    if (!host || !plugin || !formData || !queriesData || failed || mapStyleUrl === undefined) return;
    try {
      const width = host.clientWidth || FALLBACK.width;
      const height = host.clientHeight || FALLBACK.height;
      const props = plugin.transformProps({ formData, queriesData, width, height, theme: DEFAULT_CHART_THEME, surface: chartSurface(host), mapStyleUrl });
      if (mounted.current && mounted.current.plugin === plugin) {
        mounted.current.instance.update(props);
      } else {
        mounted.current?.stopResize();
        mounted.current?.instance.destroy();
        const instance = plugin.render(host, props);
        mounted.current = { plugin, instance, stopResize: observeResize(host, instance) };
      }
    } catch (failure) {
      callbacks.current.onRenderFailed(failure);
    }
  }, [plugin, formData, queriesData, failed, themeChanges, mapStyleUrl]);

  useEffect(
    () => () => {
      mounted.current?.stopResize();
      mounted.current?.instance.destroy();
      mounted.current = null;
    },
    [],
  );

  const showError = failed && error;
  return (
    <div className="bi-chart-area">
      {status === 'loading' && (
        <Spinner label="Loading chart" />
      )}
      {showError && <ErrorPanel error={error} />}
      {!showError && !queriesData && status !== 'loading' && missingControls !== null && <MissingControlsPrompt labels={missingControls} />}
      {!showError && !queriesData && status !== 'loading' && missingControls === null && <p className="bi-chart-area__empty">Click "Create chart" or "Update chart" to see the chart.</p>}
      <div className="bi-chart-area__host" ref={hostRef} hidden={Boolean(showError)} data-chart-status={status} />
    </div>
  );
}
