import { EmbedError } from './embed-error';

/**
 * A fetchGuestToken for a host backend endpoint: sends the page's cookies (credentials: 'include') and
 * reads `{token}` (also `{guest_token}` or `{result: {token}}`) from JSON, or the token as plain text.
 *
 * @example
 * embedDashboard({ ..., fetchGuestToken: guestTokenFromUrl('/api/guest-token') });
 */
export function guestTokenFromUrl(url: string, method: 'GET' | 'POST' = 'POST', fetchImpl: typeof fetch = (...args) => fetch(...args)): () => Promise<string> {
  return async () => {
    const response = await fetchImpl(url, { method, credentials: 'include', headers: { accept: 'application/json, text/plain' } });
    if (!response.ok) throw new EmbedError('GUEST_TOKEN_FETCH_FAILED', `${method} ${url} answered ${response.status}`);
    const text = (await response.text()).trim();
    if ((response.headers.get('content-type') ?? '').includes('json') || text.startsWith('{')) {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new EmbedError('GUEST_TOKEN_INVALID', `${url} returned invalid JSON`);
      }
      const record = (body ?? {}) as { token?: unknown; guest_token?: unknown; result?: { token?: unknown } };
      const token = record.token ?? record.guest_token ?? record.result?.token;
      if (typeof token !== 'string' || !token) throw new EmbedError('GUEST_TOKEN_INVALID', `${url} returned JSON without a "token" string`);
      return token;
    }
    if (!text) throw new EmbedError('GUEST_TOKEN_INVALID', `${url} returned an empty body`);
    return text;
  };
}
