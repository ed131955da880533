/**
 * Identical chart-data queries in flight in one process share one engine query: the first request for a
 * key starts it, every request for the same key that arrives while it runs waits for the same promise, and
 * the entry is removed as soon as it settles (the result cache serves whoever comes later). The key is the
 * result's cache key, which holds the compiled SQL with its RLS clauses and bound values, so two users share
 * a run only when they would get the same rows; each request's own access checks run before it joins.
 *
 * A force refresh must not be answered by a query that began before the refresh was asked for: it joins a
 * run only when that run started at or after the request's time, otherwise it starts its own (and later
 * requests join the newer run). The shared query is cancelled only when every waiter has gone away, so one
 * viewer closing their tab does not fail the others; a failure reaches every waiter.
 *
 * @example
 * const coalescer = new QueryCoalescer();
 * const result = await coalescer.share(key, { force: false, requestedAt: Date.now(), signal }, (shared) => run(shared));
 */
export interface ShareOptions {
  /** A force refresh: only a run that started at or after requestedAt may answer it. */
  force: boolean;
  /** When the client asked (ms since the epoch). */
  requestedAt: number;
  /** Fires when this waiter's client goes away. */
  signal?: AbortSignal;
}

interface SharedRun {
  promise: Promise<unknown>;
  startedAt: number;
  controller: AbortController;
  waiters: number;
  gone: number;
}

export class QueryCoalescer {
  private readonly runs = new Map<string, SharedRun>();

  /** enabled false: every request runs its own query (LUMEN_CHART_DATA_COALESCING=false). */
  constructor(readonly enabled = true) {}

  /** Runs `start` once for concurrent callers of the same key; `start` gets the signal of the shared run. */
  share<T>(key: string, options: ShareOptions, start: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (!this.enabled) return start(options.signal ?? new AbortController().signal);
    const running = this.runs.get(key);
    const joinable = running && !running.controller.signal.aborted && (!options.force || running.startedAt >= options.requestedAt);
    const run = joinable ? running : this.begin(key, start);
    return this.wait(run, options.signal) as Promise<T>;
  }

  /** Queries being run for someone now (for tests and the benchmark). */
  get inFlight(): number {
    return this.runs.size;
  }

  private begin<T>(key: string, start: (signal: AbortSignal) => Promise<T>): SharedRun {
    const controller = new AbortController();
    const run: SharedRun = { promise: Promise.resolve(), startedAt: Date.now(), controller, waiters: 0, gone: 0 };
    // A newer force run replaces an older one in the map; the older one only removes itself.
    const settle = () => {
      if (this.runs.get(key) === run) this.runs.delete(key);
    };
    run.promise = start(controller.signal).finally(settle);
    this.runs.set(key, run);
    return run;
  }

  private async wait(run: SharedRun, signal: AbortSignal | undefined): Promise<unknown> {
    run.waiters++;
    const leave = () => {
      run.gone++;
      if (run.gone === run.waiters) run.controller.abort();
    };
    if (signal?.aborted) leave();
    else signal?.addEventListener('abort', leave, { once: true });
    try {
      return await run.promise;
    } finally {
      signal?.removeEventListener('abort', leave);
    }
  }
}
