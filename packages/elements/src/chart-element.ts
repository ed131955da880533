import { createElementBase, type ElementBase } from './create-element-base';
import { CHART_ATTRIBUTES, ChartElementView } from './chart-element-view';
import type { FetchGuestToken } from './element-api';
import { lazy } from './lazy-class';

/**
 * `<bi-chart>`: one chart rendered inline, in the element's shadow root. `chart-id` is a saved chart's id or
 * inline form-data JSON for an unsaved chart. Attributes: api-url, chart-id, guest-token, theme, theme-mode,
 * locale, url-params (JSON); each also a camelCase string property. Events: bi-ready (first render),
 * bi-chart-state, bi-error.
 *
 * @example
 * <bi-chart api-url="https://bi.example.com" chart-id="42" guest-token="eyJ…" style="height: 320px"></bi-chart>
 */
export interface BiChartElement extends ElementBase {
  apiUrl: string | null;
  chartId: string | null;
  guestToken: string | null;
  theme: string | null;
  themeMode: string | null;
  locale: string | null;
  urlParams: string | null;
  /** The host's guest-token function; called at once and again before each token's exp. */
  fetchGuestToken: FetchGuestToken | null;
}

/** The `<bi-chart>` class, created on first call (it extends HTMLElement, absent in Node: see lazy-class.ts). */
export const chartElementClass = lazy(
  (): new () => BiChartElement =>
    class BiChartElementImpl extends createElementBase(ChartElementView, CHART_ATTRIBUTES) {
      static readonly tagName = 'bi-chart';

      get fetchGuestToken(): FetchGuestToken | null {
        return (this.getElementProp('fetchGuestToken') as FetchGuestToken | undefined) ?? null;
      }

      set fetchGuestToken(value: FetchGuestToken | null) {
        this.setElementProp('fetchGuestToken', typeof value === 'function' ? value : null);
      }
    } as unknown as new () => BiChartElement,
);
