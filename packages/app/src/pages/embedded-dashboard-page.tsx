/**
 * /embedded/{uuid}: the page inside a host's iframe (embedDashboard, <bi-embed>, or the incumbent's SDK).
 * Reads the embedding's allowed domains, waits for the host's handshake and guest token, then renders the
 * dashboard with a guest client and answers the host's requests. Never shows the app shell.
 */
import { createChartRegistry, registerBuiltInCharts } from '@lumen-bi/charts';
import { createEventLogger, fetchChartData, type DataMaskStateWithId } from '@lumen-bi/core';
import type { GuestMethods } from '@lumen-bi/embed/guest';
import { DashboardView, fetchDashboardPermalink, LocaleProvider, type DashboardHandle, type DashboardShareOptions, type DashboardUiConfig } from '@lumen-bi/views';
import { useEffect, useMemo, useRef, useState } from 'react';
import { parseEmbeddedParams, type EmbeddedParams } from './embedded-params';
import { bodyScrollSize, observedMask, useGuestSession } from './embedded-guest-session';
import { EmbeddedStatus } from './embedded-status';
import { applyThemeConfig, applyThemeMode } from './embedded-theme';
import { chartDataPayloads } from './embedded-chart-payloads';
import { createHandleWaiter, setFilterByName } from './embedded-set-filter';

/** The permalink key at the end of a permalink URL (`…/superset/dashboard/p/{key}/`). */
export function permalinkKeyOf(url: string): string | null {
  return /\/p\/([^/?#]+)\/?(?:[?#].*)?$/.exec(url)?.[1] ?? null;
}

/** The page in the host's locale (embedDashboard's `locale` option, the URL's `locale`): texts, numbers, dates. */
export function EmbeddedDashboardPage({ uuid }: { uuid: string }) {
  const [params] = useState(() => parseEmbeddedParams(window.location.search));
  return (
    <LocaleProvider locale={params.locale}>
      <EmbeddedDashboard uuid={uuid} params={params} />
    </LocaleProvider>
  );
}

function EmbeddedDashboard({ uuid, params }: { uuid: string; params: EmbeddedParams }) {
  const [registry] = useState(() => registerBuiltInCharts(createChartRegistry()));
  const handle = useRef<DashboardHandle | null>(null);
  const [loadedHandle] = useState(() => createHandleWaiter());
  const lastMask = useRef<DataMaskStateWithId>({});

  const loaded = () => {
    if (!handle.current) throw new Error('The dashboard is not loaded yet');
    return handle.current;
  };
  const methods: GuestMethods = {
    getScrollSize: () => bodyScrollSize(),
    getDashboardPermalink: async (args) => {
      // The incumbent answers an absolute URL (its server's url_for(..., _external=True)); hosts copy it as
      // is, so a path relative to the iframe's origin would be useless on the host page.
      const url = new URL(await loaded().createPermalink(args?.anchor || undefined), window.location.origin).href;
      const key = permalinkKeyOf(url);
      const hostUrl = key && session.channel ? await session.channel.resolvePermalinkUrl(key) : null;
      return hostUrl ?? url;
    },
    getActiveTabs: () => loaded().getActiveTabs(),
    getDataMask: () => loaded().getDataMask(),
    setDataMask: (args) => loaded().setDataMask((args?.dataMask ?? {}) as DataMaskStateWithId),
    getChartStates: () => {
      const states = loaded().store.chartStates.value;
      return Object.fromEntries(Object.entries(states).map(([id, state]) => [id, { status: state.status, rowCount: state.rowCount }]));
    },
    getChartDataPayloads: async (args) => {
      const store = loaded().store;
      const ids = args?.chartId !== undefined ? [args.chartId] : Object.keys(store.charts.value).map(Number);
      const source = { registry, api: session.api, formDataOf: (id: number) => store.chartFormData(id), dashboardId: store.info.value?.id, fetchData: fetchChartData };
      return chartDataPayloads(source, ids);
    },
    setFilter: async (args) => setFilterByName(handle.current ?? (await loadedHandle.wait()), args),
    setThemeConfig: (args) => applyThemeConfig(args?.themeConfig),
    setThemeMode: (args) => applyThemeMode(args?.mode),
  };
  // The dashboard's own endpoint is the first request the view makes: trying it first names a refused
  // token (expired, forged, other audience) or a dashboard the token does not cover before anything renders.
  const session = useGuestSession(uuid, methods, (api, dashboardId) => api.get(`/api/v1/dashboard/${encodeURIComponent(dashboardId ?? uuid)}`));
  // One event logger per page; its beacons carry the guest token.
  const [logger] = useState(() => createEventLogger({ baseUrl: '', getGuestToken: () => session.getGuestToken() }));
  useEffect(() => () => logger.flush(), [logger]);

  useEffect(() => {
    if (params.themeMode) applyThemeMode(params.themeMode);
  }, [params]);

  // A shared permalink (permalink_key) restores filters and tabs once the guest can read it.
  const [permalink, setPermalink] = useState<{ done: boolean; dataMask?: DataMaskStateWithId; activeTabs?: string[] }>({ done: !params.permalinkKey });
  const ready = session.state.phase === 'ready';
  useEffect(() => {
    if (!ready || permalink.done || !params.permalinkKey) return;
    fetchDashboardPermalink(session.api, params.permalinkKey).then(
      ({ state }) => setPermalink({ done: true, dataMask: state.dataMask, activeTabs: state.activeTabs }),
      () => setPermalink({ done: true }),
    );
  }, [ready, permalink.done, params.permalinkKey, session.api]);

  const uiConfig = useMemo<DashboardUiConfig>(
    () => ({ ...params.flags, filtersVisible: params.filtersVisible, filtersExpanded: params.filtersExpanded }),
    [params],
  );
  // Share copies the host's URL for the permalink (its resolvePermalinkUrl), never Lumen's own: the host's
  // viewers cannot open that. Hosts of Lumen's SDK without a resolver ask for no Share (show_share=false).
  const share = useMemo<DashboardShareOptions>(
    () => ({ hidden: !params.showShare, resolvePermalinkUrl: ({ key }) => session.channel?.resolvePermalinkUrl(key) ?? null }),
    [params, session.channel],
  );
  const onDataMaskChange = (mask: DataMaskStateWithId) => {
    session.channel?.emitDataMask(observedMask(mask, lastMask.current));
    lastMask.current = mask;
  };

  if (session.state.phase === 'error') return <EmbeddedStatus error={session.state.message} code={session.state.code} />;
  if (session.state.phase !== 'ready' || !permalink.done) return <EmbeddedStatus waiting={session.state.phase === 'waiting-token'} refusedOrigin={session.refusedOrigin} />;
  const dashboardId = session.state.dashboardId ?? uuid;
  return (
    <div className="bi-embedded" lang={params.locale?.replace('_', '-') ?? undefined}>
      <DashboardView
        ref={handle}
        onReady={loadedHandle.resolve}
        api={session.api}
        registry={registry}
        dashboardIdOrSlug={dashboardId}
        uiConfig={uiConfig}
        displayMode={params.displayMode}
        urlParams={params.urlParams}
        initialDataMask={permalink.dataMask}
        initialActiveTabs={permalink.activeTabs}
        origin={window.location.origin}
        onDataMaskChange={onDataMaskChange}
        share={share}
        logger={logger}
      />
    </div>
  );
}
