import type { DataMaskStateWithId } from '@lumen-bi/core';
import { permalinkKeyOf, type FilterValues } from '@lumen-bi/views';
import { createElementBase, type ElementBase } from './create-element-base';
import { DashboardController } from './dashboard-controller';
import { DASHBOARD_ATTRIBUTES, DashboardElementView } from './dashboard-element-view';
import type { FetchGuestToken } from './element-api';
import { BI_READY, emitElementEvent, type BiReadyDetail } from './element-events';
import { lazy } from './lazy-class';

/**
 * The host's URL for a permalink: `key` is the permalink's key, `url` Lumen's own URL of it (which only Lumen
 * users can open). Return null when there is none: a guest is then given nothing to copy.
 */
export type ResolvePermalinkUrl = (permalink: { key: string; url: string }) => string | null | Promise<string | null>;

/**
 * `<bi-dashboard>`: a Lumen dashboard rendered inline, in the element's shadow root.
 *
 * Attributes: api-url, dashboard-id (id, slug or embedded uuid), guest-token, hide-title, hide-tab, hide-nav,
 * hide-chart-controls, filters-visible, filters-expanded, emit-data-masks (default on), show-row-limit-warning,
 * display-mode, theme, theme-mode, locale, url-params (JSON), data-mask (JSON); each also a camelCase string
 * property. Events: bi-ready, bi-data-mask, bi-chart-state, bi-error.
 *
 * @example
 * const el = document.createElement('bi-dashboard');
 * el.setAttribute('api-url', 'https://bi.example.com');
 * el.setAttribute('dashboard-id', embeddedUuid);
 * el.fetchGuestToken = () => fetch('/guest-token', { method: 'POST' }).then((r) => r.json()).then((j) => j.token);
 * el.addEventListener('bi-data-mask', (event) => console.log(event.detail));
 * document.body.append(el);
 */
export interface BiDashboardElement extends ElementBase {
  apiUrl: string | null;
  dashboardId: string | null;
  guestToken: string | null;
  hideTitle: string | null;
  hideTab: string | null;
  hideNav: string | null;
  hideChartControls: string | null;
  filtersVisible: string | null;
  filtersExpanded: string | null;
  emitDataMasks: string | null;
  showRowLimitWarning: string | null;
  hideShare: string | null;
  displayMode: string | null;
  theme: string | null;
  themeMode: string | null;
  locale: string | null;
  urlParams: string | null;
  dataMask: string | null;
  /** The host's guest-token function; called at once and again before each token's exp. */
  fetchGuestToken: FetchGuestToken | null;
  /**
   * The host page's URL for a permalink: the Share button copies it, and getDashboardPermalink() returns it.
   * Without it a guest viewer sees no Share button (a Lumen permalink would not open for them).
   */
  resolvePermalinkUrl: ResolvePermalinkUrl | null;
  /**
   * Sets one native filter by its name (`'Country'`) or the column it filters (`'country'`) and applies it,
   * once the dashboard has loaded: a list for a select filter, `[min, max]` for a range, a string for a time
   * range or grain, null to clear. Rejects with an error whose `code` is `UNKNOWN_FILTER` (its message names
   * the filter and lists the known ones; also `unknownFilters`, `knownFilters`), `AMBIGUOUS_FILTER` or
   * `INVALID_FILTER_VALUE`.
   *
   * @example
   * await dashboard.setFilter('Country', ['France']);
   */
  setFilter(name: string, values: FilterValues): Promise<void>;
  /** Sets native-filter (or cross-filter) masks and applies them; kept until the dashboard has loaded. */
  setDataMask(mask: DataMaskStateWithId): void;
  /** The dashboard's current data mask. */
  getDataMask(): DataMaskStateWithId;
  /** The ids of the active tabs. */
  getActiveTabs(): string[];
  /** A permalink of the current state (filters, tabs, anchor); the host's URL for it with resolvePermalinkUrl. */
  getDashboardPermalink(anchor?: string): Promise<string>;
}

/** The `<bi-dashboard>` class, created on first call (it extends HTMLElement, absent in Node: see lazy-class.ts). */
export const dashboardElementClass = lazy(
  (): new () => BiDashboardElement =>
    class BiDashboardElementImpl extends createElementBase(DashboardElementView, DASHBOARD_ATTRIBUTES) {
      static readonly tagName = 'bi-dashboard';
      private readonly controller = new DashboardController({
        onReady: (dashboardId) => emitElementEvent<BiReadyDetail>(this, BI_READY, { element: 'bi-dashboard', dashboardId }),
      });

      constructor() {
        super();
        this.setElementProp('controller', this.controller);
      }

      get fetchGuestToken(): FetchGuestToken | null {
        return (this.getElementProp('fetchGuestToken') as FetchGuestToken | undefined) ?? null;
      }

      set fetchGuestToken(value: FetchGuestToken | null) {
        this.setElementProp('fetchGuestToken', typeof value === 'function' ? value : null);
      }

      get resolvePermalinkUrl(): ResolvePermalinkUrl | null {
        return (this.getElementProp('resolvePermalinkUrl') as ResolvePermalinkUrl | undefined) ?? null;
      }

      set resolvePermalinkUrl(value: ResolvePermalinkUrl | null) {
        this.setElementProp('resolvePermalinkUrl', typeof value === 'function' ? value : null);
      }

      setDataMask(mask: DataMaskStateWithId): void {
        this.controller.setDataMask(mask);
      }

      setFilter(name: string, values: FilterValues): Promise<void> {
        return this.controller.setFilter(name, values);
      }

      getDataMask(): DataMaskStateWithId {
        return this.controller.getDataMask();
      }

      getActiveTabs(): string[] {
        return this.controller.getActiveTabs();
      }

      async getDashboardPermalink(anchor?: string): Promise<string> {
        const url = await this.controller.createPermalink(anchor);
        const key = permalinkKeyOf(url);
        const resolved = key && this.resolvePermalinkUrl ? await this.resolvePermalinkUrl({ key, url }) : null;
        return typeof resolved === 'string' ? resolved : url;
      }
    } as unknown as new () => BiDashboardElement,
);
