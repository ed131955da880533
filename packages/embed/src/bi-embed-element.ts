import type { ObservedDataMask } from '@lumen-bi/core';
import { css, html, LitElement, type PropertyDeclarations, type PropertyValues } from 'lit';
import { embedChart } from './embed-chart';
import { embedDashboard } from './embed-dashboard';
import { EmbedError, toEmbedError } from './embed-error';
import { guestTokenFromUrl } from './fetch-token-from-url';
import type { BiEmbedElementEventMap } from './element-types';
import type { DashboardUiConfig, EmbedDashboardOptions, EmbeddedChart, EmbeddedDashboard } from './types';

/** Detail of `bi-ready`. */
export interface BiReadyDetail {
  embedded: EmbeddedDashboard | EmbeddedChart;
}
/** Detail of `bi-error`. */
export interface BiErrorDetail {
  error: EmbedError;
}

const falseIfString = { fromAttribute: (value: string | null) => value !== null && value !== 'false' };

/** Properties whose change re-creates the iframe. */
const MOUNT_KEYS = [
  'dashboardId', 'chartId', 'domain', 'guestTokenUrl', 'guestTokenMethod', 'fetchGuestToken', 'hideTitle', 'hideTab',
  'hideNav', 'hideChartControls', 'hideFilters', 'expandFilters', 'emitDataMasks', 'showRowLimitWarning', 'urlParams',
  'iframeTitle', 'autoHeight', 'connectTimeout', 'hideShare', 'resolvePermalinkUrl', 'locale',
] as const;

/**
 * `<bi-embed>`: embedDashboard (or embedChart with `chart-id`) as an element. Dispatches bubbling,
 * composed CustomEvents: `bi-ready` ({embedded}), `bi-data-mask` (the data mask) and `bi-error` ({error}).
 * Registered by `@lumen-bi/embed/define`; importing this class registers nothing.
 *
 * @example
 * <bi-embed dashboard-id="f1c2...-uuid" domain="https://bi.example.com" guest-token-url="/api/guest-token"
 *           hide-title auto-height></bi-embed>
 * <script type="module">
 *   import '@lumen-bi/embed/define';
 *   document.querySelector('bi-embed').addEventListener('bi-data-mask', (e) => console.log(e.detail));
 * </script>
 */
export class BiEmbedElement extends LitElement {
  static override properties: PropertyDeclarations = {
    dashboardId: { attribute: 'dashboard-id' },
    chartId: { attribute: 'chart-id' },
    domain: {},
    guestTokenUrl: { attribute: 'guest-token-url' },
    guestTokenMethod: { attribute: 'guest-token-method' },
    fetchGuestToken: { attribute: false },
    hideTitle: { attribute: 'hide-title', type: Boolean },
    hideTab: { attribute: 'hide-tab', type: Boolean },
    hideNav: { attribute: 'hide-nav', type: Boolean },
    hideChartControls: { attribute: 'hide-chart-controls', type: Boolean },
    hideFilters: { attribute: 'hide-filters', type: Boolean },
    expandFilters: { attribute: 'expand-filters', converter: falseIfString },
    emitDataMasks: { attribute: 'emit-data-masks', converter: falseIfString },
    showRowLimitWarning: { attribute: 'show-row-limit-warning', type: Boolean },
    urlParams: { attribute: false },
    hideShare: { attribute: 'hide-share', type: Boolean },
    resolvePermalinkUrl: { attribute: false },
    iframeTitle: { attribute: 'iframe-title' },
    autoHeight: { attribute: 'auto-height', type: Boolean },
    connectTimeout: { attribute: 'connect-timeout', type: Number },
    debug: { type: Boolean },
    locale: { type: String },
  };

  static override styles = css`
    :host { display: block; }
    .mount { width: 100%; height: 100%; }
  `;

  declare dashboardId: string | null;
  declare chartId: string | null;
  declare domain: string | null;
  declare guestTokenUrl: string | null;
  declare guestTokenMethod: 'GET' | 'POST';
  /** Overrides guest-token-url. */
  declare fetchGuestToken: (() => Promise<string>) | null;
  declare hideTitle: boolean;
  declare hideTab: boolean;
  declare hideNav: boolean;
  declare hideChartControls: boolean;
  declare hideFilters: boolean;
  declare expandFilters: boolean | undefined;
  /** On by default: the element's bi-data-mask events need it. */
  declare emitDataMasks: boolean;
  declare showRowLimitWarning: boolean;
  declare urlParams: Record<string, string | number | boolean> | null;
  /** No Share button (without resolvePermalinkUrl there is none either). */
  declare hideShare: boolean;
  /** Maps a permalink key to a URL of the host page: the dashboard's Share copies it. */
  declare resolvePermalinkUrl: EmbedDashboardOptions['resolvePermalinkUrl'] | null;
  declare iframeTitle: string | null;
  declare autoHeight: boolean;
  /** ms the Lumen page has to answer before bi-error NETWORK (connectTimeoutMs); default 15000. */
  declare connectTimeout: number | null;
  declare debug: boolean;
  /** The embedded page's language (embedDashboard's `locale`); a value outside spec 1 §9 is a bi-error INVALID_OPTIONS. */
  declare locale: string | null;

  /** The handle of the current embed, once `bi-ready` has fired. */
  embedded: EmbeddedDashboard | EmbeddedChart | null = null;
  private mountVersion = 0;
  private mounting: AbortController | null = null;

  constructor() {
    super();
    this.dashboardId = null;
    this.chartId = null;
    this.domain = null;
    this.guestTokenUrl = null;
    this.guestTokenMethod = 'POST';
    this.fetchGuestToken = null;
    this.hideTitle = false;
    this.hideTab = false;
    this.hideNav = false;
    this.hideChartControls = false;
    this.hideFilters = false;
    this.expandFilters = undefined;
    this.emitDataMasks = true;
    this.showRowLimitWarning = false;
    this.urlParams = null;
    this.hideShare = false;
    this.resolvePermalinkUrl = null;
    this.iframeTitle = null;
    this.autoHeight = false;
    this.connectTimeout = null;
    this.debug = false;
    this.locale = null;
  }

  override render() {
    return html`<div class="mount" part="container"></div>`;
  }

  override updated(changed: PropertyValues<this>): void {
    if (MOUNT_KEYS.some((key) => changed.has(key as keyof BiEmbedElement))) void this.remount();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.teardown();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Re-attached after a move: mount again (updated() does not run for a reconnection).
    if (this.hasUpdated && !this.embedded) void this.remount();
  }

  private teardown(): void {
    this.mountVersion += 1;
    // Stops an embed still waiting for its iframe (and its token refresh) as well as a mounted one.
    this.mounting?.abort();
    this.mounting = null;
    this.embedded?.unmount();
    this.embedded = null;
  }

  private emit<T>(type: string, detail: T): void {
    this.dispatchEvent(new CustomEvent<T>(type, { detail, bubbles: true, composed: true }));
  }

  private fail(error: unknown): void {
    this.emit<BiErrorDetail>('bi-error', { error: toEmbedError(error, 'INVALID_OPTIONS', 'bi-embed') });
  }

  private async remount(): Promise<void> {
    this.teardown();
    const version = this.mountVersion;
    const id = this.chartId ?? this.dashboardId;
    if (!this.isConnected || !id || !this.domain) return;
    const fetchGuestToken = this.fetchGuestToken ?? (this.guestTokenUrl ? guestTokenFromUrl(this.guestTokenUrl, this.guestTokenMethod) : null);
    if (!fetchGuestToken) {
      this.fail(new EmbedError('INVALID_OPTIONS', 'bi-embed needs a guest-token-url attribute or a fetchGuestToken property'));
      return;
    }
    const mountPoint = this.renderRoot.querySelector<HTMLElement>('.mount');
    if (!mountPoint) return;
    const ui: DashboardUiConfig = {
      hideTitle: this.hideTitle,
      hideTab: this.hideTab,
      hideNav: this.hideNav,
      hideChartControls: this.hideChartControls,
      emitDataMasks: this.emitDataMasks,
      showRowLimitWarning: this.showRowLimitWarning,
      filters: { ...(this.hideFilters ? { visible: false } : {}), ...(this.expandFilters === undefined ? {} : { expanded: this.expandFilters }) },
      urlParams: this.urlParams ?? undefined,
      hideShare: this.hideShare,
    };
    // A failure before ready reaches both onError and the rejection: one bi-error for it, not two.
    const reported = new WeakSet<EmbedError>();
    const common = {
      domain: this.domain,
      mountPoint,
      fetchGuestToken,
      iframeTitle: this.iframeTitle ?? undefined,
      resolvePermalinkUrl: this.resolvePermalinkUrl ?? undefined,
      autoHeight: this.autoHeight,
      connectTimeoutMs: this.connectTimeout ?? undefined,
      debug: this.debug,
      locale: this.locale ?? undefined,
      onError: (error: EmbedError) => {
        reported.add(error);
        this.emit<BiErrorDetail>('bi-error', { error });
      },
      signal: (this.mounting = new AbortController()).signal,
    };
    try {
      const embedded = this.chartId
        ? await embedChart({ ...common, id: this.chartId, chartUiConfig: ui })
        : await embedDashboard({ ...common, id: id, dashboardUiConfig: ui });
      if (version !== this.mountVersion) {
        embedded.unmount();
        return;
      }
      this.embedded = embedded;
      embedded.observeDataMask((mask: ObservedDataMask) => this.emit('bi-data-mask', mask));
      this.emit<BiReadyDetail>('bi-ready', { embedded });
    } catch (error) {
      if (error instanceof EmbedError && (error.code === 'UNMOUNTED' || reported.has(error))) return;
      if (version === this.mountVersion) this.fail(error);
    }
  }
}

/**
 * Typed listeners for <bi-embed>'s own events (declaration merging with the class): their details differ
 * from the inline elements' events of the same names, so they are not in the global HTMLElementEventMap.
 */
export interface BiEmbedElement {
  addEventListener<K extends keyof BiEmbedElementEventMap>(
    type: K,
    listener: (this: BiEmbedElement, event: BiEmbedElementEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof BiEmbedElementEventMap>(
    type: K,
    listener: (this: BiEmbedElement, event: BiEmbedElementEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'bi-embed': BiEmbedElement;
  }
}
