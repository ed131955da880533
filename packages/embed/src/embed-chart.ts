import { EMBEDDED_CHART_ROUTE } from '@lumen-bi/core';
import { buildEmbedUrl } from './iframe';
import { mountEmbed } from './mount-embed';
import type { EmbedChartOptions, EmbeddedChart } from './types';

/**
 * Embeds one chart: the same channel and token handling as embedDashboard, with the iframe at
 * `${domain}/embedded/chart/{id}`.
 *
 * @example
 * const chart = await embedChart({
 *   id: 42,
 *   domain: 'https://bi.example.com',
 *   mountPoint: document.getElementById('chart')!,
 *   fetchGuestToken: () => myBackend.guestToken(),
 *   chartUiConfig: { hideChartControls: true },
 * });
 */
export function embedChart(options: EmbedChartOptions): Promise<EmbeddedChart> {
  return Promise.resolve().then(async () => {
    const src = buildEmbedUrl({ domain: options.domain, route: EMBEDDED_CHART_ROUTE, id: options.id, uiConfig: options.chartUiConfig, locale: options.locale });
    const { getDashboardPermalink: _permalink, getActiveTabs: _tabs, setFilter: _filter, ...chart } = await mountEmbed(options, src, 'Embedded Chart');
    return chart;
  });
}
