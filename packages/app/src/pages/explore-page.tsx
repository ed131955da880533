import { createChartRegistry, registerBuiltInCharts } from '@lumen-bi/charts';
import { createApiClient, createEventLogger } from '@lumen-bi/core';
import { createToastStore, ExploreView } from '@lumen-bi/views';
import { useState } from 'react';
import { navigate } from '../router/history-location';

/**
 * The Explore screen: its own lazy chunk (route-pages.ts), so the login page, dashboards and embeds never
 * download the chart builder. The session-authenticated client, the chart registry and the toasts are made
 * once per visit and handed to the view, which reaches for no globals of its own.
 */
export function ExplorePage() {
  const [deps] = useState(() => ({
    client: createApiClient({ baseUrl: '', auth: { kind: 'session' } }),
    registry: registerBuiltInCharts(createChartRegistry()),
    toasts: createToastStore(),
    // One event logger per page (session cookie auth).
    logger: createEventLogger({ baseUrl: '' }),
    // The entry address is read once: later address changes come from the view itself.
    entry: { pathname: window.location.pathname, search: window.location.search },
  }));
  return (
    <ExploreView
      client={deps.client}
      registry={deps.registry}
      toasts={deps.toasts}
      pathname={deps.entry.pathname}
      search={deps.entry.search}
      origin={window.location.origin}
      onUrlChange={onUrlChange}
      onNavigate={navigate}
      logger={deps.logger}
    />
  );
}

// Replace, not push: the address mirrors state, and Back should leave Explore rather than step through runs.
const onUrlChange = (url: string) => {
  if (url !== `${window.location.pathname}${window.location.search}`) navigate(url, { replace: true });
};
