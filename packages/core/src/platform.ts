/**
 * Minimal structural types for the few host APIs core touches (fetch, AbortController, WebSocket,
 * localStorage, timers, console). Core compiles against the ES library only, so that it cannot grow a
 * hidden dependency on the DOM or Node; these interfaces describe just what we call, and every global
 * is looked up lazily on `globalThis` so tests (fake timers, fake fetch) and non-browser hosts work.
 */

/** Headers as a plain record: the only shape core ever sends. */
export type HeadersRecord = Record<string, string>;

/** The subset of `RequestInit` that core passes to fetch. */
export interface RequestInitLike {
  method?: string;
  headers?: HeadersRecord;
  body?: string;
  credentials?: 'include' | 'same-origin' | 'omit';
  signal?: AbortSignalLike;
}

/** The subset of a fetch `Response` that core reads. */
export interface ResponseLike {
  readonly ok: boolean;
  readonly status: number;
  readonly statusText: string;
  readonly headers?: { get(name: string): string | null };
  text(): Promise<string>;
}

/** A `fetch`-compatible function; tests and hosts inject their own. */
export type FetchLike = (url: string, init?: RequestInitLike) => Promise<ResponseLike>;

/** The subset of `AbortSignal` core uses. */
export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** The subset of `AbortController` core uses. */
export interface AbortControllerLike {
  readonly signal: AbortSignalLike;
  abort(reason?: unknown): void;
}

/** The subset of a browser `WebSocket` the async-event client uses. */
export interface WebSocketLike {
  readonly readyState: number;
  addEventListener(type: 'open' | 'close' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

/** A WebSocket constructor (the global one, or a fake in tests). */
export type WebSocketConstructorLike = new (url: string) => WebSocketLike;

/** The subset of `Storage` (localStorage) core uses. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Where core reports warnings; `console` by default, injectable so tests can assert on it. */
export interface LoggerLike {
  warn(...args: unknown[]): void;
}

/** Opaque timer handle: a number in browsers, an object in Node. */
export type TimerHandle = unknown;

interface HostGlobals {
  fetch?: FetchLike;
  AbortController?: new () => AbortControllerLike;
  WebSocket?: WebSocketConstructorLike;
  localStorage?: StorageLike;
  console?: LoggerLike;
  setTimeout(handler: () => void, ms?: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

const host = (): HostGlobals => globalThis as unknown as HostGlobals;

/** The host `fetch`, bound to globalThis (unbound fetch throws "Illegal invocation" in browsers). */
export function getGlobalFetch(): FetchLike | undefined {
  const f = host().fetch;
  return f ? (f.bind(globalThis) as FetchLike) : undefined;
}

/** The host WebSocket constructor, if any. */
export function getGlobalWebSocket(): WebSocketConstructorLike | undefined {
  return host().WebSocket;
}

/**
 * The host localStorage, if present and usable. Reading `localStorage` throws in sandboxed iframes
 * with storage disabled, hence the try.
 */
export function getGlobalStorage(): StorageLike | undefined {
  try {
    return host().localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** The host console as a logger, or a silent one. */
export function getGlobalLogger(): LoggerLike {
  return host().console ?? { warn: () => undefined };
}

/** setTimeout looked up at call time so fake timers installed after import still apply. */
export function setTimer(handler: () => void, ms: number): TimerHandle {
  return host().setTimeout(handler, ms);
}

/** clearTimeout looked up at call time (see setTimer). */
export function clearTimer(handle: TimerHandle): void {
  if (handle !== undefined && handle !== null) host().clearTimeout(handle);
}

/** A new AbortController, or undefined on hosts without one (then requests cannot be cancelled). */
export function createAbortController(): AbortControllerLike | undefined {
  const Ctor = host().AbortController;
  return Ctor ? new Ctor() : undefined;
}
