import { createChartRegistry, registerBuiltInCharts } from '@lumen-bi/charts';
import { createApiClient, createEventLogger, type DataMaskStateWithId, standaloneToDisplayMode } from '@lumen-bi/core';
import { DashboardView, fetchDashboardPermalink } from '@lumen-bi/views';
import { useEffect, useState } from 'react';
import { DASHBOARD_PATH } from '../router/routes';

interface Entry {
  idOrSlug: string;
  dataMask?: DataMaskStateWithId;
  activeTabs?: string[];
  anchor?: string;
}

/**
 * The dashboard screen: /superset/dashboard/{id_or_slug}/ (with ?edit=true to start editing, and a
 * #component anchor) and permalinks /superset/dashboard/p/{key}/ which restore filters, tabs and anchor.
 * The app owns the address; the view only gets a client and identifiers.
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
      ({ dashboardId, state }) => setEntry({ idOrSlug: dashboardId, dataMask: state.dataMask, activeTabs: state.activeTabs, anchor: state.anchor }),
      (failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)),
    );
  }, [deps]);
  if (error) return <p role="alert">{error}</p>;
  if (!entry) return <p aria-busy="true">Loading…</p>;
  return (
    <DashboardView
      key={entry.idOrSlug}
      api={deps.api}
      registry={deps.registry}
      dashboardIdOrSlug={entry.idOrSlug}
      initialDataMask={entry.dataMask}
      initialActiveTabs={entry.activeTabs}
      anchor={entry.anchor}
      editFlag={deps.search.get('edit') === 'true'}
      // ?standalone=3 (report mode) is how the report renderer opens a dashboard: no filter bar, no title.
      displayMode={standaloneToDisplayMode(deps.search.get('standalone'))}
      origin={window.location.origin}
      logger={deps.logger}
    />
  );
}
