/**
 * @lumen-bi/elements: the <bi-dashboard>, <bi-chart> and <bi-sqllab> custom elements, each rendering the
 * same React views as the app into its shadow root (create-element-base.ts). Importing this entry registers
 * nothing and touches no DOM (safe in Node for SSR): call `defineElements()` or import
 * `@lumen-bi/elements/define` (or `/define/dashboard`, `/define/chart`, `/define/sqllab`) in the browser.
 */
import './element-types';

export { VERSION } from './version';
export type { BiDashboardElement, ResolvePermalinkUrl } from './dashboard-element';
export { FilterNameError, type FilterNameErrorCode, type FilterValues } from '@lumen-bi/views';
export type { BiChartElement } from './chart-element';
export type { BiSqlLabElement } from './sqllab-element';
export type { ElementBase } from './create-element-base';
export type { BiChartEventMap, BiDashboardEventMap, BiElementEventMap, BiSqlLabEventMap } from './element-types';
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
  type BiErrorCode,
  type BiErrorDetail,
  type BiErrorSource,
  type BiQueryErrorDetail,
  type BiQuerySuccessDetail,
  type BiReadyDetail,
} from './element-events';
export { booleanAttribute, isEmbeddedUuid, SUPPORTED_LOCALES } from './element-attributes';
export { ELEMENT_THEME_MODES, ELEMENT_THEMES } from './element-styles';
export type { ElementThemeMode } from './element-theme';
export type { LumenTheme, LumenThemeTokens } from '@lumen-bi/views';
export { fetchEmbeddedDashboard, resolveDashboardId, type EmbeddedDashboardInfo } from './resolve-dashboard-id';
export { failureCodeOf, failureHeadline, type EmbedFailureCode } from './failure-code';
export type { BiChartAttributes, BiCommonAttributes, BiDashboardAttributes, BiSqlLabAttributes, BooleanAttribute } from './jsx-attributes';
export type { BiChartProps, BiDashboardProps, BiSqlLabProps } from './jsx-properties';
