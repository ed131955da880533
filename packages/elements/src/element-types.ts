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

/** The events of <bi-dashboard>, <bi-chart> and <bi-sqllab> by name. */
export interface BiElementEventMap {
  'bi-ready': CustomEvent<BiReadyDetail>;
  'bi-data-mask': CustomEvent<BiDataMaskDetail>;
  'bi-chart-state': CustomEvent<BiChartStateDetail>;
  'bi-error': CustomEvent<BiErrorDetail>;
  'bi-query-success': CustomEvent<BiQuerySuccessDetail>;
  'bi-query-error': CustomEvent<BiQueryErrorDetail>;
}

declare global {
  interface HTMLElementTagNameMap {
    'bi-dashboard': BiDashboardElement;
    'bi-chart': BiChartElement;
    'bi-sqllab': BiSqlLabElement;
  }
  // The events bubble and are composed, so any element (a host's wrapper) may receive them.
  interface HTMLElementEventMap extends BiElementEventMap {}
}
