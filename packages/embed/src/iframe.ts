import { EMBEDDED_CHART_ROUTE, EMBEDDED_DASHBOARD_ROUTE, encodeUiConfig } from '@lumen-bi/core';
import { EmbedError } from './embed-error';
import { embedLocaleParam } from './embed-locale';
import type { DashboardUiConfig, EmbedBaseOptions } from './types';

/** The sandbox the guest page needs (the incumbent's set): scripts, its own origin, downloads, forms, popups. */
export const BASE_SANDBOX = ['allow-same-origin', 'allow-scripts', 'allow-presentation', 'allow-downloads', 'allow-forms', 'allow-popups'] as const;
export const BASE_ALLOW = ['fullscreen', 'clipboard-write'] as const;

/**
 * The origin messages to the iframe are addressed to: never '*', so a navigated-away iframe cannot read
 * the guest token.
 *
 * @example
 * targetOriginOf('https://bi.example.com/lumen/'); // 'https://bi.example.com'
 */
export function targetOriginOf(domain: string): string {
  let url: URL;
  try {
    url = new URL(domain);
  } catch {
    throw new EmbedError('INVALID_OPTIONS', `domain must be an absolute http(s) URL, got ${JSON.stringify(domain)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new EmbedError('INVALID_OPTIONS', `domain must use http or https, got ${url.protocol}`);
  return url.origin;
}

/**
 * The iframe URL: `${domain}/embedded/${id}?uiConfig=..&show_filters=..&expand_filters=..&<urlParams>`,
 * with urlParams overriding the filter parameters (as in the incumbent's SDK). `share: false` adds
 * `show_share=false` (Lumen's): the page then offers no Share button. `locale` (validated, embedLocaleParam)
 * adds `locale=`, the language the page is drawn in.
 *
 * @example
 * buildEmbedUrl({ domain: 'https://bi.example.com', route: EMBEDDED_DASHBOARD_ROUTE, id: 'uuid', uiConfig: { hideTitle: true } });
 * // 'https://bi.example.com/embedded/uuid?uiConfig=1'
 */
export function buildEmbedUrl(args: { domain: string; route: string; id: string | number; uiConfig?: DashboardUiConfig; share?: boolean; locale?: string }): string {
  targetOriginOf(args.domain);
  const base = args.domain.replace(/\/+$/, '');
  const params: Record<string, string> = {};
  const ui = args.uiConfig;
  if (ui) {
    params.uiConfig = String(encodeUiConfig(ui));
    if (ui.filters?.visible !== undefined) params.show_filters = String(ui.filters.visible);
    if (ui.filters?.expanded !== undefined) params.expand_filters = String(ui.filters.expanded);
    for (const [key, value] of Object.entries(ui.urlParams ?? {})) params[key] = String(value);
  }
  if (args.share === false) params.show_share = 'false';
  // The incumbent's `locale` parameter of the embedded page (packages/app/src/pages/embedded-params.ts).
  const locale = embedLocaleParam(args.locale);
  if (locale) params.locale = locale;
  const query = new URLSearchParams(params).toString();
  return `${base}${args.route}${encodeURIComponent(String(args.id))}${query ? `?${query}` : ''}`;
}

const TOKEN = /^[a-z][a-z-]*$/;

/**
 * Creates the sandboxed iframe (not yet attached).
 *
 * @example
 * mountPoint.replaceChildren(createEmbedIframe(url, { iframeTitle: 'Sales' }, document));
 */
export function createEmbedIframe(
  src: string,
  options: Pick<EmbedBaseOptions, 'iframeTitle' | 'iframeSandboxExtras' | 'iframeAllowExtras' | 'referrerPolicy'>,
  doc: Document,
  defaultTitle: string,
): HTMLIFrameElement {
  const iframe = doc.createElement('iframe');
  const sandbox = [...BASE_SANDBOX, ...(options.iframeSandboxExtras ?? [])];
  for (const token of sandbox) if (!TOKEN.test(token)) throw new EmbedError('INVALID_OPTIONS', `iframeSandboxExtras: ${JSON.stringify(token)} is not a sandbox token`);
  iframe.setAttribute('sandbox', [...new Set(sandbox)].join(' '));
  const allow = [...BASE_ALLOW, ...(options.iframeAllowExtras ?? [])].map((feature) => feature.trim()).filter(Boolean);
  iframe.setAttribute('allow', [...new Set(allow)].join('; '));
  if (options.referrerPolicy) iframe.setAttribute('referrerpolicy', options.referrerPolicy);
  iframe.title = options.iframeTitle ?? defaultTitle;
  iframe.style.width = '100%';
  iframe.style.height = '100%';
  iframe.style.border = 'none';
  iframe.src = src;
  return iframe;
}

