/**
 * Global typings a host gets by importing `@lumen-bi/elements` (or any of its entries): the tags in
 * HTMLElementTagNameMap (`document.querySelector('bi-chart')` is a BiChartElement) and the elements'
 * events in HTMLElementEventMap (`el.addEventListener('bi-error', (e) => e.detail.code)` is typed).
 * <bi-embed>'s events (@lumen-bi/embed) carry other details; its class types its own listeners.
 */
import type { BiChartElement } from './chart-element';
import type { BiDashboardElement } from './dashboard-element';
import type {
  BiChartStateDetail,
  BiDataMaskDetail,
  BiErrorDetail,
  BiQueryErrorDetail,
  BiQuerySuccessDetail,
  BiReadyDetail,
} from './element-events';
import type { BiSqlLabElement } from './sqllab-element';

/** <bi-dashboard>'s events by name. */
export interface BiDashboardEventMap {
  /** The dashboard has loaded (its layout and charts' definitions); detail `{element: 'bi-dashboard', dashboardId}`. */
  'bi-ready': CustomEvent<BiReadyDetail>;
  /** The complete data mask by filter id, on each filter or cross-filter change (unless emit-data-masks="false"). */
  'bi-data-mask': CustomEvent<BiDataMaskDetail>;
  /** One chart's state (loading, rendered, failed, row count), only when it changes. */
  'bi-chart-state': CustomEvent<BiChartStateDetail>;
  /** Any failure of the element (token, dashboard, a chart, an attribute), with a code to switch on. */
  'bi-error': CustomEvent<BiErrorDetail>;
}

/** <bi-chart>'s events by name. */
export interface BiChartEventMap {
  /** The chart has drawn for the first time; detail `{element: 'bi-chart', chartId}`. */
  'bi-ready': CustomEvent<BiReadyDetail>;
  /** The chart's state (loading, rendered, failed, row count), only when it changes. */
  'bi-chart-state': CustomEvent<BiChartStateDetail>;
  /** Any failure of the element (token, chart, an attribute), with a code to switch on. */
  'bi-error': CustomEvent<BiErrorDetail>;
}

/** <bi-sqllab>'s events by name. */
export interface BiSqlLabEventMap {
  /** SQL Lab has loaded; detail `{element: 'bi-sqllab'}`. */
  'bi-ready': CustomEvent<BiReadyDetail>;
  /** Any failure of the element (token, UNKNOWN_DATABASE, an attribute), with a code to switch on. */
  'bi-error': CustomEvent<BiErrorDetail>;
  /** A query run in it finished with results (once per query). */
  'bi-query-success': CustomEvent<BiQuerySuccessDetail>;
  /** A query run in it failed, timed out or was stopped (once per query). */
  'bi-query-error': CustomEvent<BiQueryErrorDetail>;
}

/** The events of <bi-dashboard>, <bi-chart> and <bi-sqllab> by name. */
export interface BiElementEventMap extends BiDashboardEventMap, BiChartEventMap, BiSqlLabEventMap {}

declare global {
  interface HTMLElementTagNameMap {
    'bi-dashboard': BiDashboardElement;
    'bi-chart': BiChartElement;
    'bi-sqllab': BiSqlLabElement;
  }
  // The events bubble and are composed, so any element (a host's wrapper) may receive them.
  interface HTMLElementEventMap extends BiElementEventMap {}
}
