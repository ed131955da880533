import { EMBEDDED_DASHBOARD_ROUTE } from '@lumen-bi/core';
import { buildEmbedUrl } from './iframe';
import { mountEmbed } from './mount-embed';
import type { EmbedDashboardOptions, EmbeddedDashboard } from './types';

/**
 * Embeds a Lumen dashboard in an iframe, wire-compatible with the incumbent's embedded SDK: the same
 * options, iframe URL and handshake, plus `onError`, `autoHeight` and an exact target origin.
 *
 * @example
 * const dashboard = await embedDashboard({
 *   id: 'f1c2...-uuid',
 *   domain: 'https://bi.example.com',
 *   mountPoint: document.getElementById('dashboard')!,
 *   fetchGuestToken: () => fetch('/api/guest-token', { method: 'POST' }).then((r) => r.json()).then((b) => b.token),
 *   dashboardUiConfig: { hideTitle: true, filters: { expanded: false }, emitDataMasks: true },
 * });
 * dashboard.observeDataMask((mask) => console.log(mask));
 */
export function embedDashboard(options: EmbedDashboardOptions): Promise<EmbeddedDashboard> {
  return Promise.resolve().then(() => {
    // Share only when the host can give its viewers a link they can open (its resolvePermalinkUrl).
    const share = !options.dashboardUiConfig?.hideShare && typeof options.resolvePermalinkUrl === 'function';
    const src = buildEmbedUrl({ domain: options.domain, route: EMBEDDED_DASHBOARD_ROUTE, id: options.id, uiConfig: options.dashboardUiConfig, share, locale: options.locale });
    return mountEmbed(options, src, 'Embedded Dashboard', options.id);
  });
}
