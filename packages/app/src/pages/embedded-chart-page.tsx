/**
 * /embedded/chart/{id}: one chart inside a host's iframe (embedChart). The same handshake and guest token
 * as the dashboard page; the chart renders through the shared ChartContainer. Guest tokens name dashboards,
 * so the chart must be on a dashboard of the token. `?dashboard={embedded uuid}` makes the page accept the
 * handshake only from that embedding's allowed domains; without it, any origin may connect (the token still
 * decides what can be read).
 */
import { createChartRegistry, registerBuiltInCharts } from '@lumen-bi/charts';
import type { QueryFormData } from '@lumen-bi/core';
import type { GuestMethods } from '@lumen-bi/embed/guest';
import { ChartContainer, ErrorPanel, LocaleProvider, type ChartContainerState } from '@lumen-bi/views';
import { useEffect, useMemo, useRef, useState } from 'react';
import { parseEmbeddedParams, type EmbeddedParams } from './embedded-params';
import { bodyScrollSize, useGuestSession } from './embedded-guest-session';
import { EmbeddedStatus } from './embedded-status';
import { applyThemeConfig, applyThemeMode } from './embedded-theme';

const CHART_PAGE_CSS = `
.bi-embedded-chart { position: relative; height: 100vh; background: var(--bi-color-surface); font-family: var(--bi-font-family); color: var(--bi-color-text); }
.bi-embedded-chart .bi-chart-container { position: relative; width: 100%; height: 100%; }
.bi-embedded-chart .bi-chart-container__host { position: absolute; inset: 0; }
`;

/** The page in the host's locale (embedChart's `locale` option, the URL's `locale`): texts, numbers, dates. */
export function EmbeddedChartPage({ chartId }: { chartId: string }) {
  const [params] = useState(() => parseEmbeddedParams(window.location.search));
  return (
    <LocaleProvider locale={params.locale}>
      <EmbeddedChart chartId={chartId} params={params} />
    </LocaleProvider>
  );
}

function EmbeddedChart({ chartId, params }: { chartId: string; params: EmbeddedParams }) {
  const [embeddedUuid] = useState(() => new URLSearchParams(window.location.search).get('dashboard'));
  const [registry] = useState(() => registerBuiltInCharts(createChartRegistry()));
  const chartState = useRef<ChartContainerState>({ status: 'idle' });
  const methods: GuestMethods = {
    getScrollSize: () => bodyScrollSize(),
    getDataMask: () => ({}),
    getChartStates: () => ({ [chartId]: { status: chartState.current.status } }),
    getChartDataPayloads: () => ({ [chartId]: chartState.current.queriesData ?? null }),
    setThemeConfig: (args) => applyThemeConfig(args?.themeConfig),
    setThemeMode: (args) => applyThemeMode(args?.mode),
  };
  const session = useGuestSession(embeddedUuid, methods);
  useEffect(() => {
    if (params.themeMode) applyThemeMode(params.themeMode);
  }, [params]);

  const [formData, setFormData] = useState<QueryFormData | null>(null);
  const [error, setError] = useState<unknown>(null);
  const ready = session.state.phase === 'ready';
  useEffect(() => {
    if (!ready || formData) return;
    session.api.get<{ result: { params?: string | null; viz_type?: string } }>(`/api/v1/chart/${encodeURIComponent(chartId)}`).then(
      ({ json }) => setFormData({ ...(JSON.parse(json.result.params || '{}') as QueryFormData), slice_id: Number(chartId) }),
      setError,
    );
  }, [ready, formData, chartId, session.api]);
  const withUrlParams = useMemo(() => (formData ? { ...formData, url_params: { ...formData.url_params, ...params.urlParams } } : null), [formData, params]);

  if (session.state.phase === 'error') return <EmbeddedStatus error={session.state.message} code={session.state.code} />;
  if (!ready) return <EmbeddedStatus waiting={session.state.phase === 'waiting-token'} refusedOrigin={session.refusedOrigin} />;
  if (error) return <ErrorPanel error={error instanceof Error ? error : String(error)} title="Failed to load chart" />;
  if (!withUrlParams) return <EmbeddedStatus />;
  return (
    <div className="bi-embedded-chart">
      <style>{CHART_PAGE_CSS}</style>
      <ChartContainer api={session.api} registry={registry} formData={withUrlParams} onStateChange={(state) => (chartState.current = state)} />
    </div>
  );
}
