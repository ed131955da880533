/**
 * The one HTTP client every view takes (DESIGN "Views take an API client"): base URL + auth mode, JSON in
 * and out, CSRF for session mode, `X-GuestToken` for embedded viewers, timeouts, and every failure
 * normalised to a ClientError with the spec's wording.
 */
import { ClientError, createAbortError, createHttpError, createNetworkError, createTimeoutError } from './client-error';
import {
  clearTimer,
  createAbortController,
  getGlobalFetch,
  setTimer,
  type AbortSignalLike,
  type FetchLike,
  type HeadersRecord,
  type RequestInitLike,
  type ResponseLike,
} from './platform';
import { risonEncodeUri } from './rison';

/** How requests authenticate. */
export type ApiAuth =
  | { kind: 'session' }
  /** A guest token or a getter, called per request so a refreshed token is picked up. */
  | { kind: 'guest'; token: string | (() => string) };

/** Options of createApiClient. */
export interface ApiClientOptions {
  /** Server origin (and optional prefix), e.g. 'https://bi.example.com'; '' for same-origin. */
  baseUrl: string;
  auth: ApiAuth;
  fetch?: FetchLike;
  /** Default per-request timeout; none when omitted. */
  timeoutMs?: number;
}

/** A query-string value; arrays and objects are sent as JSON. */
export type QueryParamValue = string | number | boolean | null | undefined | readonly unknown[] | Record<string, unknown>;

/** Per-request options. */
export interface RequestOptions {
  /** Query-string parameters; undefined values are omitted. */
  query?: Record<string, QueryParamValue>;
  /** Value sent rison-encoded as `?q=` (list endpoints). */
  rison?: unknown;
  /** JSON body (POST/PUT). */
  body?: unknown;
  headers?: HeadersRecord;
  signal?: AbortSignalLike;
  timeoutMs?: number;
}

/** A successful response. */
export interface ApiResponse<T> {
  status: number;
  statusText: string;
  json: T;
}

/** HTTP methods the client sends. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** The API client. */
export interface ApiClient {
  readonly baseUrl: string;
  readonly auth: ApiAuth;
  request<T = unknown>(method: HttpMethod, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  get<T = unknown>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
  delete<T = unknown>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /** Absolute URL for a path and query (for downloads, form posts, websockets). */
  buildUrl(path: string, query?: Record<string, QueryParamValue>, rison?: unknown): string;
}

/** Where the CSRF token is fetched from in session mode. */
export const CSRF_TOKEN_ENDPOINT = '/api/v1/security/csrf_token/';

const UNSAFE_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

function encodeQueryValue(value: Exclude<QueryParamValue, undefined>): string {
  const text = typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
  return encodeURIComponent(text);
}

function joinUrl(baseUrl: string, path: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) return path;
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

async function parseBody(response: ResponseLike): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Creates an API client.
 *
 * @example
 * const client = createApiClient({ baseUrl: 'https://bi.example.com', auth: { kind: 'session' } });
 * const { json } = await client.get<{ result: unknown[] }>('/api/v1/chart/', { rison: { page: 0, page_size: 5 } });
 *
 * const guest = createApiClient({ baseUrl: '', auth: { kind: 'guest', token: () => currentToken } });
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { baseUrl, auth } = options;
  let csrfToken: Promise<string | undefined> | undefined;

  const doFetch = (url: string, init: RequestInitLike): Promise<ResponseLike> => {
    const f = options.fetch ?? getGlobalFetch();
    if (!f) throw new ClientError({ kind: 'network', message: 'No fetch implementation available' });
    return f(url, init);
  };

  const buildUrl = (path: string, query?: Record<string, QueryParamValue>, rison?: unknown): string => {
    const parts: string[] = [];
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) parts.push(`${encodeURIComponent(key)}=${encodeQueryValue(value)}`);
    }
    if (rison !== undefined) parts.push(`q=${risonEncodeUri(rison)}`);
    const url = joinUrl(baseUrl, path);
    if (parts.length === 0) return url;
    return `${url}${url.includes('?') ? '&' : '?'}${parts.join('&')}`;
  };

  const authHeaders = (): HeadersRecord => {
    if (auth.kind === 'guest') {
      const token = typeof auth.token === 'function' ? auth.token() : auth.token;
      return { 'X-GuestToken': token };
    }
    return {};
  };

  // Fetched once per client and shared by concurrent requests; a failure is forgotten so the next
  // unsafe request tries again instead of failing forever.
  const getCsrfToken = (): Promise<string | undefined> => {
    csrfToken ??= (async () => {
      const response = await doFetch(joinUrl(baseUrl, CSRF_TOKEN_ENDPOINT), {
        method: 'GET',
        credentials: 'include',
        headers: { Accept: 'application/json' },
      });
      const body = await parseBody(response);
      if (!response.ok) throw createHttpError(response.status, response.statusText, body);
      const result = (body as { result?: unknown } | null)?.result;
      return typeof result === 'string' ? result : undefined;
    })().catch((error: unknown) => {
      csrfToken = undefined;
      throw error;
    });
    return csrfToken;
  };

  const request = async <T>(method: HttpMethod, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> => {
    const timeoutMs = opts.timeoutMs ?? options.timeoutMs;
    const callerSignal = opts.signal;
    if (callerSignal?.aborted) throw createAbortError(callerSignal.reason);

    const controller = createAbortController();
    let timedOut = false;
    const onCallerAbort = () => controller?.abort(callerSignal?.reason);
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

    let rejectTimeout: ((e: ClientError) => void) | undefined;
    const timeoutPromise =
      timeoutMs !== undefined && timeoutMs > 0
        ? new Promise<never>((_, reject) => {
            rejectTimeout = reject;
          })
        : undefined;
    const timer =
      timeoutPromise !== undefined
        ? setTimer(() => {
            timedOut = true;
            controller?.abort();
            rejectTimeout?.(createTimeoutError(timeoutMs as number));
          }, timeoutMs as number)
        : undefined;
    // Keep an unobserved timeout rejection from surfacing as unhandled when the request wins the race.
    timeoutPromise?.catch(() => undefined);

    const run = async (): Promise<ApiResponse<T>> => {
      const headers: HeadersRecord = { Accept: 'application/json', ...authHeaders(), ...opts.headers };
      if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
      if (auth.kind === 'session' && UNSAFE_METHODS.has(method)) {
        const token = await getCsrfToken();
        if (token) headers['X-CSRFToken'] = token;
      }
      const init: RequestInitLike = {
        method,
        headers,
        credentials: auth.kind === 'session' ? 'include' : 'same-origin',
        signal: controller?.signal ?? callerSignal,
      };
      if (opts.body !== undefined) init.body = JSON.stringify(opts.body);

      let response: ResponseLike;
      try {
        response = await doFetch(buildUrl(path, opts.query, opts.rison), init);
      } catch (error) {
        if (error instanceof ClientError) throw error;
        if (timedOut) throw createTimeoutError(timeoutMs as number);
        if (callerSignal?.aborted) throw createAbortError(error);
        throw createNetworkError(error);
      }
      const body = await parseBody(response);
      if (!response.ok) throw createHttpError(response.status, response.statusText, body);
      return { status: response.status, statusText: response.statusText, json: body as T };
    };

    try {
      return await (timeoutPromise ? Promise.race([run(), timeoutPromise]) : run());
    } catch (error) {
      if (!(error instanceof ClientError) && callerSignal?.aborted) throw createAbortError(error);
      throw error;
    } finally {
      clearTimer(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    }
  };

  return {
    baseUrl,
    auth,
    request,
    buildUrl,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    put: (path, body, opts) => request('PUT', path, { ...opts, body }),
    delete: (path, opts) => request('DELETE', path, opts),
  };
}
