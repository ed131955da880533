import type { ChartStates, DataMaskStateWithId, EmbedThemeConfig, EmbedThemeMode, ObservedDataMask, ScrollSize, SetFilterValues } from '@lumen-bi/core';
import type { AutoHeightOptions } from './auto-height';
import type { EmbedError } from './embed-error';

/** Options of the dashboard's UI inside the iframe (the incumbent's dashboardUiConfig). */
export interface DashboardUiConfig {
  hideTitle?: boolean;
  hideTab?: boolean;
  hideNav?: boolean;
  hideChartControls?: boolean;
  /** Native filter bar: `visible` -> show_filters, `expanded` -> expand_filters. */
  filters?: { visible?: boolean; expanded?: boolean };
  /** Extra query parameters of the iframe URL; they override the filter parameters. */
  urlParams?: Record<string, string | number | boolean>;
  /** The guest emits data-mask changes (needed for observeDataMask and the bi-data-mask event). */
  emitDataMasks?: boolean;
  showRowLimitWarning?: boolean;
  /**
   * No Share button in the dashboard's header. Without `resolvePermalinkUrl` Share is hidden anyway: a
   * Lumen permalink opens only for Lumen users, not for the host's viewers.
   */
  hideShare?: boolean;
}

/** Options shared by embedDashboard and embedChart. */
export interface EmbedBaseOptions {
  /** The Lumen server, e.g. `https://bi.example.com` (a path prefix is allowed; the origin is derived). */
  domain: string;
  /** The element the iframe replaces the children of. */
  mountPoint: HTMLElement;
  /** Returns a fresh guest token, minted by the host's backend (POST /api/v1/security/guest_token/). */
  fetchGuestToken: () => Promise<string>;
  iframeTitle?: string;
  /** More sandbox tokens, e.g. ['allow-top-navigation']. */
  iframeSandboxExtras?: string[];
  /** More permission-policy features for the iframe's allow attribute, e.g. ['camera']. */
  iframeAllowExtras?: string[];
  referrerPolicy?: ReferrerPolicy;
  /**
   * Maps a permalink key to a URL of the host page, so shared links open the host, not the BI server. The
   * dashboard's Share button copies this URL; without a resolver an embed shows no Share button.
   */
  resolvePermalinkUrl?: (args: { key: string }) => string | null | Promise<string | null>;
  /** Time allowed to fetchGuestToken, ms; default 30000, 0 disables the timeout. */
  guestTokenFetchTimeoutMs?: number;
  /** Log the handshake, token refreshes and every port message to the console. */
  debug?: boolean;
  /** Opt-in: size the iframe to its content's height. */
  autoHeight?: boolean | AutoHeightOptions;
  /**
   * Time the Lumen page in the iframe has to answer the handshake, ms; default 15000, 0 disables. Past it
   * the embed fails with NETWORK (the server is down or the domain is wrong).
   */
  connectTimeoutMs?: number;
  /** Called on every failure (token fetch, timeout, channel, a refused token, ...). Defaults to console.error. */
  onError?: (error: EmbedError) => void;
  /** Aborting unmounts, also before the iframe has loaded (the returned promise then rejects with UNMOUNTED). */
  signal?: AbortSignal;
  /**
   * The embedded page's language (texts, numbers, dates): one of spec 1 §9's locales (`de`, `pt_BR`, ...);
   * English when absent. Any other value rejects with INVALID_OPTIONS.
   */
  locale?: string;
}

export interface EmbedDashboardOptions extends EmbedBaseOptions {
  /** The embedded dashboard's uuid (Settings > Embed dashboard, or POST /api/v1/dashboard/{id}/embedded). */
  id: string;
  dashboardUiConfig?: DashboardUiConfig;
}

export interface EmbedChartOptions extends EmbedBaseOptions {
  /** The chart's id. */
  id: string | number;
  chartUiConfig?: Pick<DashboardUiConfig, 'hideTitle' | 'hideChartControls' | 'showRowLimitWarning' | 'urlParams'>;
}

/**
 * What embedDashboard resolves to once the iframe has loaded, the channel is open and the guest page has
 * accepted the token. A failure before that rejects the promise with an EmbedError naming the cause.
 */
export interface EmbeddedDashboard {
  /** Stops token refresh and auto height, closes the channel and removes the iframe. */
  unmount(): void;
  getScrollSize(): Promise<ScrollSize>;
  /** A permalink of the current state; with resolvePermalinkUrl, a URL of the host page. */
  getDashboardPermalink(anchor: string): Promise<string>;
  getActiveTabs(): Promise<string[]>;
  getDataMask(): Promise<DataMaskStateWithId>;
  /** Sets native filter values from the host. */
  setDataMask(dataMask: DataMaskStateWithId): Promise<void>;
  /**
   * Sets one native filter by its name (`'Country'`) or the column it filters (`'country'`) and applies it:
   * a list for a select filter, `[min, max]` for a range, a string for a time range or grain, null to clear.
   * Rejects with an EmbedError `UNKNOWN_FILTER` naming the filter and listing the known ones
   * (`unknownFilters`, `knownFilters`), `AMBIGUOUS_FILTER` or `INVALID_FILTER_VALUE`.
   *
   * @example
   * await dashboard.setFilter('Country', ['France']);
   */
  setFilter(name: string, values: SetFilterValues): Promise<void>;
  /** Called on every data-mask change; needs dashboardUiConfig.emitDataMasks. */
  observeDataMask(callback: (dataMask: ObservedDataMask) => void): void;
  getChartStates(): Promise<ChartStates>;
  getChartDataPayloads(params?: { chartId?: number }): Promise<Record<string, unknown>>;
  setThemeConfig(themeConfig: EmbedThemeConfig): void;
  setThemeMode(mode: EmbedThemeMode): void;
  /** The iframe element (for styling by the host). */
  readonly iframe: HTMLIFrameElement;
}

/** embedChart's handle: the same channel, for one chart. */
export type EmbeddedChart = Omit<EmbeddedDashboard, 'getDashboardPermalink' | 'getActiveTabs' | 'setFilter'>;
