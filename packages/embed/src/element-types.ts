/**
 * What a host writes on <bi-embed> (attributes, framework-neutral; the JSX typings in types/ add each
 * framework's HTML attributes) and the element's events.
 */
import type { ObservedDataMask } from '@lumen-bi/core';
import type { BiErrorDetail, BiReadyDetail } from './bi-embed-element';

/** A boolean attribute: present (or `true`) is on. */
type BooleanAttribute = boolean | '' | 'true' | 'false';

export interface BiEmbedAttributes {
  /** The embedded dashboard's uuid. */
  'dashboard-id'?: string;
  /** A chart id: embeds the chart instead (embedChart). */
  'chart-id'?: string | number;
  /** The Lumen server, e.g. `https://bi.example.com`. */
  domain: string;
  /** The host's endpoint that returns `{token}` (or the fetchGuestToken property). */
  'guest-token-url'?: string;
  'guest-token-method'?: 'GET' | 'POST';
  'hide-title'?: BooleanAttribute;
  'hide-tab'?: BooleanAttribute;
  'hide-nav'?: BooleanAttribute;
  'hide-chart-controls'?: BooleanAttribute;
  'hide-filters'?: BooleanAttribute;
  'expand-filters'?: BooleanAttribute;
  /** Default on; "false" stops bi-data-mask. */
  'emit-data-masks'?: BooleanAttribute;
  'show-row-limit-warning'?: BooleanAttribute;
  /** No Share button (there is none either without the resolvePermalinkUrl property). */
  'hide-share'?: BooleanAttribute;
  'iframe-title'?: string;
  /** The embedded page's language: one of spec 1 §9's 14 locales (`de`, `pt_BR`); any other value is a bi-error INVALID_OPTIONS. */
  locale?: string;
  'auto-height'?: BooleanAttribute;
  /** ms the Lumen page has to answer before bi-error NETWORK; default 15000. */
  'connect-timeout'?: number | string;
  debug?: BooleanAttribute;
}

/** The properties that have no attribute. */
export interface BiEmbedProps {
  fetchGuestToken?: (() => Promise<string>) | null;
  urlParams?: Record<string, string | number | boolean> | null;
  /** Maps a permalink key to a URL of the host page: the dashboard's Share copies it. */
  resolvePermalinkUrl?: ((args: { key: string }) => string | null | Promise<string | null>) | null;
}

/** <bi-embed>'s events by name (they bubble and are composed). */
export interface BiEmbedElementEventMap {
  /** The Lumen page answered and the embed is live; detail `{embedded}` (the EmbeddedDashboard or EmbeddedChart handle). */
  'bi-ready': CustomEvent<BiReadyDetail>;
  /** Any failure (token, origin not allowed, wrong id, server unreachable, …); detail `{error}`, an EmbedError with a code. */
  'bi-error': CustomEvent<BiErrorDetail>;
  /** The dashboard's data mask, on each filter change (unless emit-data-masks="false"). */
  'bi-data-mask': CustomEvent<ObservedDataMask>;
}
