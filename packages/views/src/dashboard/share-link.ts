/**
 * Where the dashboard's Share button leads. A Lumen permalink opens only for someone who can sign in to
 * Lumen; a guest (an embedded viewer) usually cannot, so in an embed the link is the host's to give: its
 * resolvePermalinkUrl maps the permalink's key to a URL of the host page, or the host hides Share.
 */

/** The host's say over Share (DashboardView's `share` prop; the elements' and the iframe SDK's options). */
export interface DashboardShareOptions {
  /** No Share button at all. */
  hidden?: boolean;
  /**
   * Maps a new permalink (its key, and Lumen's own URL of it) to the URL to copy, e.g. the host page with
   * the key in its query; null when the host has none to give (nothing is copied then, for a guest).
   */
  resolvePermalinkUrl?(permalink: { key: string; url: string }): string | null | Promise<string | null>;
}

/** Told to a guest whose host gave no URL: copying Lumen's own link would hand out one the viewer cannot open. */
export const NO_SHARE_LINK_MESSAGE = 'This embedded dashboard has no link to share.';

/** The permalink key at the end of a permalink URL (`…/superset/dashboard/p/{key}/`). */
export function permalinkKeyOf(url: string): string | null {
  return /\/p\/([^/?#]+)\/?(?:[?#].*)?$/.exec(url)?.[1] ?? null;
}

/**
 * Whether Share is offered: never when hidden; to a guest only when the host can turn the permalink into
 * a URL the guest can open.
 */
export function shareVisible(options: DashboardShareOptions | undefined, isGuest: boolean): boolean {
  if (options?.hidden) return false;
  return !isGuest || typeof options?.resolvePermalinkUrl === 'function';
}

/**
 * The URL Share copies for a permalink URL (absolute), or null when there is none the viewer could open.
 *
 * @example
 * await shareUrlFor('https://bi.example.com/superset/dashboard/p/abc/', { resolvePermalinkUrl: ({ key }) => `https://app.example.com/reports?p=${key}` }, true);
 * // 'https://app.example.com/reports?p=abc'
 */
export async function shareUrlFor(url: string, options: DashboardShareOptions | undefined, isGuest: boolean): Promise<string | null> {
  const key = permalinkKeyOf(url);
  const resolve = options?.resolvePermalinkUrl;
  if (key && typeof resolve === 'function') {
    const resolved = await resolve({ key, url });
    if (typeof resolved === 'string' && /^https?:\/\//i.test(resolved)) return resolved;
  }
  return isGuest ? null : url;
}
