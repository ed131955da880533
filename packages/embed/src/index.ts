/**
 * @lumen-bi/embed: host-side embedding (embedDashboard, embedChart, <bi-embed>) over the embed protocol
 * of @lumen-bi/core. The guest page's side is the `@lumen-bi/embed/guest` entry; the element is
 * registered by `@lumen-bi/embed/define`.
 */
export { VERSION } from './version';
export type { AutoHeightHandle, AutoHeightOptions } from './auto-height';
export { startAutoHeight } from './auto-height';
export type { BiErrorDetail, BiReadyDetail } from './bi-embed-element';
export { BiEmbedElement } from './bi-embed-element';
export { embedChart } from './embed-chart';
export { embedDashboard } from './embed-dashboard';
export type { EmbedErrorCode } from './embed-error';
export { EmbedError } from './embed-error';
export { guestTokenFromUrl } from './fetch-token-from-url';
export { HostChannelConnection } from './host-channel';
export type { HostChannelOptions } from './host-channel';
export { BASE_ALLOW, BASE_SANDBOX, buildEmbedUrl, createEmbedIframe, targetOriginOf } from './iframe';
export type { GuestTokenRefresh, GuestTokenRefreshOptions } from './token-refresh';
export { shareGuestTokenRefresh } from './shared-token-refresh';
export {
  DEFAULT_GUEST_TOKEN_FETCH_TIMEOUT_MS,
  MIN_REFRESH_WAIT_MS,
  REFRESH_BUFFER_MS,
  refreshDelayMs,
  RETRY_INTERVAL_MS,
  startGuestTokenRefresh,
} from './token-refresh';
export type {
  DashboardUiConfig,
  EmbedBaseOptions,
  EmbedChartOptions,
  EmbedDashboardOptions,
  EmbeddedChart,
  EmbeddedDashboard,
} from './types';
export type { EmbedUiFlags, ObservedDataMask } from '@lumen-bi/core';
export { encodeUiConfig } from '@lumen-bi/core';
export type { BiEmbedAttributes, BiEmbedElementEventMap, BiEmbedProps } from './element-types';
