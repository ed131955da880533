/** Test helper (not exported from the package): a scripted fetch that records calls. */
import type { FetchLike, RequestInitLike, ResponseLike } from './platform';

export interface RecordedCall {
  url: string;
  init: RequestInitLike;
}

export type Reply = { status?: number; statusText?: string; body?: unknown } | Error | ((call: RecordedCall) => Promise<ResponseLike>);

export function jsonResponse(status: number, body: unknown, statusText = ''): ResponseLike {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    text: async () => (typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body)),
  };
}

/** Routes by `METHOD path` (path without query string) to replies; records every call. */
export function createFakeFetch(routes: Record<string, Reply | Reply[]>): FetchLike & { calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const queues = new Map(Object.entries(routes).map(([k, v]) => [k, Array.isArray(v) ? [...v] : [v]]));
  const fetch = (async (url: string, init: RequestInitLike = {}) => {
    const call = { url, init };
    calls.push(call);
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0];
    const key = `${init.method ?? 'GET'} ${path}`;
    const queue = queues.get(key);
    if (!queue || queue.length === 0) throw new Error(`unexpected fetch ${key}`);
    const reply = queue.length > 1 ? queue.shift()! : queue[0];
    if (reply instanceof Error) throw reply;
    if (typeof reply === 'function') return reply(call);
    return jsonResponse(reply.status ?? 200, reply.body, reply.statusText);
  }) as FetchLike & { calls: RecordedCall[] };
  fetch.calls = calls;
  return fetch;
}
