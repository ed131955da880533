/**
 * The host-page code the Embed dialog offers for an embedded dashboard (docs/embedding.md §3 and §5): the
 * inline `<bi-dashboard>` element and the iframe SDK's `embedDashboard`, both loaded from the Lumen server's
 * own bundles (/static/elements/, /static/embed/), so a host pastes one snippet and needs no build step.
 * The host supplies one thing: `fetchGuestToken`, which asks its own backend for a guest token (§2). That
 * function is written the same in both snippets so a host (or a test) can swap it as one block.
 */

export interface EmbedSnippetTarget {
  /** The Lumen server as the host's browser reaches it (origin and any path prefix, no trailing slash). */
  serverUrl: string;
  /** The embedded dashboard's uuid. */
  uuid: string;
}

/** The host's guest-token function: the part of a snippet a host replaces with its own backend's call. */
export const GUEST_TOKEN_FUNCTION = `  // Your backend mints a guest token for this dashboard (POST /api/v1/security/guest_token/, docs/embedding.md §2).
  // Never mint tokens in the browser: replace this URL with your own backend's route.
  async function fetchGuestToken() {
    const response = await fetch('/api/lumen-guest-token', { method: 'POST', credentials: 'include' });
    return (await response.json()).token;
  }`;

/** A value written inside a JavaScript string of an inline <script>: quoted, and unable to close the script. */
const jsString = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c');

/** A value written inside a double-quoted HTML attribute. */
const htmlAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** 'https://bi.example.com/' -> 'https://bi.example.com': the URLs below add their own slash. */
export const trimServerUrl = (url: string) => url.replace(/\/+$/, '');

/**
 * `<bi-dashboard>` from the elements bundle. The dashboard id is set after `fetchGuestToken`, so the
 * element's first request already carries a guest token (an element given an id first would ask with the
 * browser's session, which a host page on another origin does not have).
 *
 * @example
 * elementSnippet({ serverUrl: 'https://bi.example.com', uuid: '5b0c…' });
 */
export function elementSnippet({ serverUrl, uuid }: EmbedSnippetTarget): string {
  const server = trimServerUrl(serverUrl);
  return `<bi-dashboard id="lumen-dashboard" api-url="${htmlAttribute(server)}" style="display: block; height: 800px"></bi-dashboard>
<script type="module">
  import ${jsString(`${server}/static/elements/bi-elements.lite.js`)};

${GUEST_TOKEN_FUNCTION}

  const dashboard = document.getElementById('lumen-dashboard');
  dashboard.fetchGuestToken = fetchGuestToken;
  dashboard.setAttribute('dashboard-id', ${jsString(uuid)});
</script>`;
}

/**
 * `embedDashboard` from the iframe SDK's smallest bundle (embedDashboard alone), mounted in a div that
 * gives the iframe its height.
 *
 * @example
 * iframeSnippet({ serverUrl: 'https://bi.example.com', uuid: '5b0c…' });
 */
export function iframeSnippet({ serverUrl, uuid }: EmbedSnippetTarget): string {
  const server = trimServerUrl(serverUrl);
  return `<div id="lumen-dashboard" style="height: 800px"></div>
<script type="module">
  import { embedDashboard } from ${jsString(`${server}/static/embed/lumen-embed-dashboard.js`)};

${GUEST_TOKEN_FUNCTION}

  embedDashboard({
    id: ${jsString(uuid)},
    domain: ${jsString(server)},
    mountPoint: document.getElementById('lumen-dashboard'),
    fetchGuestToken,
  });
</script>`;
}

/**
 * The server URL the snippets name: the API client's base URL when it is absolute (a custom element given
 * api-url), else the page's origin followed by that base (the app, same-origin).
 *
 * @example
 * snippetServerUrl('', 'https://bi.example.com'); // 'https://bi.example.com'
 */
export function snippetServerUrl(apiBaseUrl: string, pageOrigin: string): string {
  return trimServerUrl(/^https?:\/\//i.test(apiBaseUrl) ? apiBaseUrl : `${pageOrigin}${apiBaseUrl}`);
}
