/**
 * The React side of <bi-chart>: one chart through the views' shared ChartContainer (the dashboard's code
 * path), from a saved chart id or inline form data. Only the chart's own plugin is loaded (loadChartPlugin),
 * so a page with one <bi-chart> does not download every viz type.
 */
import { createChartRegistry, loadChartPlugin } from '@lumen-bi/charts';
import type { QueryFormData } from '@lumen-bi/core';
import { ChartContainer, deferredComponent, LocaleProvider, type ChartContainerState } from '@lumen-bi/views';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { localeAttribute, urlParamsAttribute, type AttributeValue } from './element-attributes';
import { useElementApi, type FetchGuestToken } from './element-api';
import { BI_CHART_STATE, BI_READY, emitElementEvent, hostOf, type BiChartStateDetail, type BiErrorDetail, type BiReadyDetail } from './element-events';
import { CHART_ELEMENT_CSS, elementStylesheet } from './element-styles';
import { loadChartSource, type ChartSource } from './load-chart-form-data';
import { createChartStateChanges } from './chart-state-changes';
import { tryParse, useElementErrors } from './use-element-errors';
import { isFatal } from './fatal-failure';
import { LoadingStatus, MissingAttributeStatus } from './element-status';

/** The failure's message alone: shown while the failure panel's code downloads, and if it cannot. */
function FailureMessage({ failure }: { failure: Pick<BiErrorDetail, 'code' | 'message'> }) {
  return (
    <p className="bi-element__status bi-element__failure" role="alert" data-code={failure.code}>
      {failure.message}
    </p>
  );
}

/** Loaded on the first failure: a chart that loads fine never downloads it (DESIGN.md "Performance budget"). */
const FailurePanel = /* @__PURE__ */ deferredComponent(() => import('./failure-panel').then((module) => module.FailurePanel), FailureMessage);

export const CHART_ATTRIBUTES = ['api-url', 'chart-id', 'guest-token', 'theme', 'theme-mode', 'locale', 'url-params'] as const;

export interface ChartElementProps {
  container?: ShadowRoot;
  apiUrl?: AttributeValue;
  chartId?: AttributeValue;
  guestToken?: AttributeValue;
  theme?: AttributeValue;
  themeMode?: AttributeValue;
  locale?: AttributeValue;
  urlParams?: AttributeValue;
  fetchGuestToken?: FetchGuestToken | null;
}

export function ChartElementView(props: ChartElementProps) {
  const host = hostOf(props.container);
  const urlParams = tryParse(() => urlParamsAttribute(props.urlParams));
  const [failure, setFailure] = useState<BiErrorDetail | null>(null);
  const report = useElementErrors(host, urlParams.error, {
    apiUrl: props.apiUrl,
    onReported: (detail) => {
      if (isFatal(detail)) setFailure((current) => current ?? detail);
    },
  });
  // A new token, id or server is a new attempt: the panel of the last failure must not outlive it.
  useEffect(() => setFailure(null), [props.apiUrl, props.chartId, props.guestToken, props.fetchGuestToken]);
  const { api, ready } = useElementApi({
    apiUrl: props.apiUrl,
    guestToken: props.guestToken,
    fetchGuestToken: props.fetchGuestToken,
    onError: (error) => report(error, 'guest-token'),
  });
  const [registry] = useState(() => createChartRegistry());

  const requested = (props.chartId ?? '').trim();
  const [source, setSource] = useState<{ requested: string; chart: ChartSource } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  /** A chart that could not load (its definition or its viz type's plugin): shown in place and reported. */
  const fail = useCallback(
    (error: unknown) => {
      setFailed(error instanceof Error ? error.message : String(error));
      report(error, 'chart');
    },
    [report],
  );
  useEffect(() => {
    if (!ready || !requested) return;
    let current = true;
    setFailed(null);
    loadChartSource(api, requested).then(
      (chart) => current && setSource({ requested, chart }),
      (error: unknown) => current && fail(error),
    );
    return () => {
      current = false;
    };
    // A new guest-token attribute retries a chart its predecessor was refused.
  }, [api, ready, requested, fail, props.guestToken]);

  const chart = source && source.requested === requested ? source.chart : null;
  const urlParamsKey = JSON.stringify(urlParams.value ?? null);
  const formData = useMemo<QueryFormData | null>(
    () => (chart ? { ...chart.formData, ...(urlParams.value ? { url_params: { ...chart.formData.url_params, ...urlParams.value } } : {}) } : null),
    [chart, urlParamsKey],
  );

  // The plugin of the chart's viz type, loaded on demand (an unknown type renders and reports its failure).
  const vizType = formData?.viz_type ?? null;
  const [loadedViz, setLoadedViz] = useState<string | null>(null);
  useEffect(() => {
    if (vizType === null) return;
    let current = true;
    loadChartPlugin(registry, vizType).then(
      () => current && setLoadedViz(vizType),
      (error: unknown) => current && fail(error),
    );
    return () => {
      current = false;
    };
  }, [registry, vizType, fail]);

  const announced = useRef<QueryFormData | null>(null);
  const [isNewChartState] = useState(createChartStateChanges);
  const onStateChange = useCallback(
    (state: ChartContainerState) => {
      const detail: BiChartStateDetail = { chartId: chart?.sliceId ?? null, state: { status: state.status, rowCount: state.queriesData?.[0]?.rowcount, error: state.error } };
      // A re-render may report the same state again: only a change is an event.
      if (isNewChartState(detail.chartId, detail.state)) emitElementEvent(host, BI_CHART_STATE, detail);
      if (state.status === 'rendered' && announced.current !== formData) {
        announced.current = formData;
        emitElementEvent<BiReadyDetail>(host, BI_READY, { element: 'bi-chart', chartId: chart?.sliceId });
      }
      if (state.status === 'failed') report(state.error, 'chart');
    },
    [host, chart, formData, report, isNewChartState],
  );

  const locale = localeAttribute(props.locale);
  // None of the shared component styles: a chart shows no select, modal or toast, and its error panel
  // brings its own rules when it loads (views' ErrorPanel).
  return (
    <LocaleProvider locale={locale}>
      <div className="bi-element bi-element--chart" lang={locale} data-locale={locale}>
        <style>{elementStylesheet({ minHeight: '300px' }) + CHART_ELEMENT_CSS}</style>
        {!requested ? (
          <MissingAttributeStatus attribute="chart-id" />
        ) : failure ? (
          <FailurePanel failure={failure} />
        ) : failed ? (
          <p className="bi-element__status" role="alert">
            {failed}
          </p>
        ) : !formData || loadedViz !== vizType ? (
          <LoadingStatus />
        ) : (
          <ChartContainer api={api} registry={registry} formData={formData} onStateChange={onStateChange} />
        )}
      </div>
    </LocaleProvider>
  );
}
