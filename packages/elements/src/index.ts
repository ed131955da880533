/**
 * @lumen-bi/elements: the <bi-dashboard>, <bi-chart> and <bi-sqllab> custom element classes, built with
 * @r2wc/react-to-web-component over the same React views as the app. Importing this entry registers
 * nothing: call `defineElements()` or import `@lumen-bi/elements/define`.
 */
export { VERSION } from './version';
export { BiDashboardElement } from './dashboard-element';
export { BiChartElement } from './chart-element';
export { BiSqlLabElement } from './sqllab-element';
export { defineElements, ELEMENTS, type ElementTagName } from './define-elements';
export type { FetchGuestToken } from './element-api';
export {
  BI_CHART_STATE,
  BI_DATA_MASK,
  BI_ERROR,
  BI_QUERY_ERROR,
  BI_QUERY_SUCCESS,
  BI_READY,
  type BiChartStateDetail,
  type BiDataMaskDetail,
  type BiErrorDetail,
  type BiErrorSource,
  type BiQueryErrorDetail,
  type BiQuerySuccessDetail,
  type BiReadyDetail,
} from './element-events';
export { booleanAttribute, isEmbeddedUuid, SUPPORTED_LOCALES } from './element-attributes';
export { ELEMENT_THEME_MODES, ELEMENT_THEMES } from './element-styles';
export { fetchEmbeddedDashboard, resolveDashboardId, type EmbeddedDashboardInfo } from './resolve-dashboard-id';
