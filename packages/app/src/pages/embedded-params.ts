/**
 * The query string of the /embedded/ pages (the incumbent's iframe URL, see
 * reference/embedded-protocol.md): `uiConfig` bitmask, `show_filters`, `expand_filters`, `standalone`,
 * `themeMode`, `locale`, `permalink_key`, Lumen's `show_share` (false: no Share button), and every other
 * parameter passed on to the view as urlParams.
 */
import { decodeUiConfig, standaloneToDisplayMode, type DashboardDisplayMode, type EmbedUiFlags } from '@lumen-bi/core';

export interface EmbeddedParams {
  flags: Required<EmbedUiFlags>;
  filtersVisible: boolean;
  filtersExpanded: boolean;
  /** `show_share=false`: the host hid Share (or has no resolvePermalinkUrl to make a link its viewers can open). */
  showShare: boolean;
  displayMode: DashboardDisplayMode;
  themeMode: string | null;
  locale: string | null;
  permalinkKey: string | null;
  urlParams: Record<string, string>;
}

const RESERVED = new Set(['uiConfig', 'show_filters', 'expand_filters', 'standalone', 'themeMode', 'locale', 'permalink_key', 'native_filters_key', 'dashboard', 'show_share']);

const flag = (value: string | null, fallback: boolean) => (value === null ? fallback : !/^(false|0|no|off)$/i.test(value));

/**
 * @example
 * parseEmbeddedParams('?uiConfig=17&show_filters=false&region=EMEA').urlParams; // {region: 'EMEA'}
 */
export function parseEmbeddedParams(search: string): EmbeddedParams {
  const query = new URLSearchParams(search);
  const urlParams: Record<string, string> = {};
  for (const [key, value] of query) if (!RESERVED.has(key)) urlParams[key] = value;
  return {
    flags: decodeUiConfig(query.get('uiConfig')),
    filtersVisible: flag(query.get('show_filters'), true),
    filtersExpanded: flag(query.get('expand_filters'), true),
    showShare: flag(query.get('show_share'), true),
    displayMode: standaloneToDisplayMode(query.get('standalone')),
    themeMode: query.get('themeMode'),
    locale: query.get('locale'),
    permalinkKey: query.get('permalink_key'),
    urlParams,
  };
}
