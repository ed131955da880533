import { createHttpError, createNetworkError, CSRF_TOKEN_ENDPOINT, type ApiClient, type FetchLike } from '@lumen-bi/core';

/** Posts a multipart form and resolves with the parsed JSON answer; failures are ClientErrors. */
export type Uploader = (path: string, form: FormData) => Promise<unknown>;

/**
 * A multipart uploader beside the JSON API client (which only sends JSON): same base URL and auth, the
 * CSRF token for cookie sessions, and failures normalised with the client's own error factory.
 *
 * @example
 * const upload = createUploader(client);
 * await upload('/api/v1/dashboard/import/', form);
 */
export function createUploader(client: ApiClient, fetchImpl?: FetchLike): Uploader {
  return async (path, form) => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (client.auth.kind === 'session') {
      const { json } = await client.get<{ result?: string }>(CSRF_TOKEN_ENDPOINT);
      if (json?.result) headers['X-CSRFToken'] = json.result;
    } else {
      headers['X-GuestToken'] = typeof client.auth.token === 'function' ? client.auth.token() : client.auth.token;
    }
    const doFetch = fetchImpl ?? (globalThis.fetch as unknown as FetchLike);
    let response;
    try {
      response = await doFetch(client.buildUrl(path), { method: 'POST', headers, body: form as unknown as string, credentials: 'include' });
    } catch (error) {
      throw createNetworkError(error);
    }
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: keep the text for the error message.
    }
    if (!response.ok) throw createHttpError(response.status, response.statusText, body);
    return body;
  };
}
