/** Test helper (not exported from the package): a fake fetch at the network edge, answering the server's shapes. */
import { createApiClient, risonDecode, type AbortSignalLike, type ApiClient, type RequestInitLike } from '@lumen-bi/core';

export interface FakeCall {
  method: string;
  path: string;
  url: string;
  /** Parsed JSON body, or the FormData of an upload. */
  body: unknown;
  /** The decoded rison `q`, when there is one. */
  q: unknown;
  query: URLSearchParams;
  signal?: AbortSignalLike;
}

export type FakeHandler = (call: FakeCall) => unknown | Promise<unknown>;

/** A handler's answer with a status other than 200 (a plain return value is a 200 body). */
export const reply = (status: number, body: unknown) => ({ __reply: true, status, body });

/**
 * Routes `METHOD /path` (no query string) to handlers, records calls, answers 404 for anything else. A
 * request aborted while its handler ran rejects with an AbortError, as fetch does.
 */
export function createFakeServer(routes: Record<string, FakeHandler>) {
  const calls: FakeCall[] = [];
  const fetch = async (url: string, init: RequestInitLike = {}) => {
    const parsed = new URL(url);
    const method = init.method ?? 'GET';
    const q = parsed.searchParams.get('q');
    const raw = init.body as unknown;
    const call: FakeCall = {
      method,
      path: parsed.pathname,
      url,
      body: typeof raw === 'string' ? JSON.parse(raw) : raw,
      q: q ? risonDecode(q) : undefined,
      query: parsed.searchParams,
      signal: init.signal,
    };
    calls.push(call);
    const handler = routes[`${method} ${parsed.pathname}`];
    let result: unknown = handler ? await handler(call) : reply(404, { message: 'Not found' });
    if (init.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    let status = 200;
    if (result && typeof result === 'object' && '__reply' in result) {
      const answer = result as unknown as { status: number; body: unknown };
      status = answer.status;
      result = answer.body;
    }
    return { ok: status >= 200 && status < 300, status, statusText: '', text: async () => (typeof result === 'string' ? result : JSON.stringify(result)) };
  };
  const client: ApiClient = createApiClient({ baseUrl: 'http://lumen.test', auth: { kind: 'guest', token: 't' }, fetch });
  return { client, calls, fetch, find: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}
