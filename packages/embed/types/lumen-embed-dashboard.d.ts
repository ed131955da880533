/**
 * lumen-embed-dashboard.js: `embedDashboard` alone (within 5 KB min+gzip), for pages that need nothing else
 * of the SDK. The same function and types as the package root.
 */
export { embedDashboard } from '../dist/index.js';
export type { DashboardUiConfig, EmbedDashboardOptions, EmbeddedDashboard, EmbedError, EmbedErrorCode } from '../dist/index.js';
