import { createElementBase } from './create-element-base';
import { CHART_ATTRIBUTES, ChartElementView } from './chart-element-view';
import type { FetchGuestToken } from './element-api';

/**
 * `<bi-chart>`: one chart rendered inline, in the element's shadow root. `chart-id` is a saved chart's id or
 * inline form-data JSON for an unsaved chart. Attributes: api-url, chart-id, guest-token, theme, theme-mode,
 * locale, url-params (JSON). Events: bi-ready (first render), bi-chart-state, bi-error.
 *
 * @example
 * <bi-chart api-url="https://bi.example.com" chart-id="42" guest-token="eyJ…" style="height: 320px"></bi-chart>
 */
export class BiChartElement extends createElementBase(ChartElementView, CHART_ATTRIBUTES) {
  static readonly tagName = 'bi-chart';

  /** The host's guest-token function; called at once and again before each token's exp. */
  get fetchGuestToken(): FetchGuestToken | null {
    return (this.getElementProp('fetchGuestToken') as FetchGuestToken | undefined) ?? null;
  }

  set fetchGuestToken(value: FetchGuestToken | null) {
    this.setElementProp('fetchGuestToken', typeof value === 'function' ? value : null);
  }
}
