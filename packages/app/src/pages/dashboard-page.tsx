import { createChartRegistry, registerBuiltInCharts } from '@lumen-bi/charts';
import { createApiClient, createEventLogger, type DataMaskStateWithId, standaloneToDisplayMode } from '@lumen-bi/core';
import { DashboardView, fetchDashboardPermalink, LoadingLines, NATIVE_FILTERS_KEY_PARAM, withNativeFiltersKey } from '@lumen-bi/views';
import { useEffect, useState } from 'react';
import { DASHBOARD_PATH } from '../router/routes';

interface Entry {
  idOrSlug: string;
  /** Opened through /superset/dashboard/p/{key}/: the permalink's state wins over native_filters_key. */
  permalink?: boolean;
  dataMask?: DataMaskStateWithId;
  activeTabs?: string[];
  anchor?: string;
}

/**
 * The dashboard screen: /superset/dashboard/{id_or_slug}/ (with ?edit=true to start editing, and a
 * #component anchor) and permalinks /superset/dashboard/p/{key}/ which restore filters, tabs and anchor.
 * The app owns the address; the view only gets a client and identifiers, and reports the
 * native_filters_key of each filter change, which is written here with history.replaceState.
 */
export function DashboardPage() {
  const [deps] = useState(() => ({
    api: createApiClient({ baseUrl: '', auth: { kind: 'session' } }),
    registry: registerBuiltInCharts(createChartRegistry()),
    // One event logger per page (session cookie auth).
    logger: createEventLogger({ baseUrl: '' }),
    path: window.location.pathname.endsWith('/') ? window.location.pathname : `${window.location.pathname}/`,
    search: new URLSearchParams(window.location.search),
    hash: decodeURIComponent(window.location.hash.replace(/^#/, '')),
  }));
  const [entry, setEntry] = useState<Entry | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const match = DASHBOARD_PATH.exec(deps.path);
    if (!match) return;
    const [, permalink, key] = match;
    if (!permalink) {
      setEntry({ idOrSlug: decodeURIComponent(key), anchor: deps.hash || undefined });
      return;
    }
    fetchDashboardPermalink(deps.api, key).then(
      ({ dashboardId, state }) => setEntry({ idOrSlug: dashboardId, permalink: true, dataMask: state.dataMask, activeTabs: state.activeTabs, anchor: state.anchor }),
      (failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)),
    );
  }, [deps]);
  const onNativeFiltersKeyChange = (key: string) => {
    // Filters changed after a permalink opened: the address becomes the dashboard's own, so a reload shows
    // the new filters rather than the permalink's.
    const pathname = entry?.permalink ? `/superset/dashboard/${encodeURIComponent(entry.idOrSlug)}/` : undefined;
    window.history.replaceState(window.history.state, '', withNativeFiltersKey(window.location.href, key, pathname));
  };
  if (error) return <p role="alert">{error}</p>;
  if (!entry) return <LoadingLines label="Loading dashboard" />;
  return (
    <DashboardView
      key={entry.idOrSlug}
      api={deps.api}
      registry={deps.registry}
      dashboardIdOrSlug={entry.idOrSlug}
      initialDataMask={entry.dataMask}
      initialActiveTabs={entry.activeTabs}
      nativeFiltersKey={entry.permalink ? undefined : (deps.search.get(NATIVE_FILTERS_KEY_PARAM) ?? undefined)}
      onNativeFiltersKeyChange={onNativeFiltersKeyChange}
      anchor={entry.anchor}
      editFlag={deps.search.get('edit') === 'true'}
      // ?standalone=3 (report mode) is how the report renderer opens a dashboard: no filter bar, no title.
      displayMode={standaloneToDisplayMode(deps.search.get('standalone'))}
      origin={window.location.origin}
      logger={deps.logger}
    />
  );
}
