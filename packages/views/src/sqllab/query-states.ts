import type { StructuredError } from '@lumen-bi/core';
import { IN_PROGRESS_STATES, type Query, type QueryResults, type QueryState, type StatusColor } from './sqllab-types';

/**
 * The query state machine of spec 3 §4 as pure functions over a queries record, so the rules are tested
 * without a store, a server or timers.
 */
export type QueryMap = Readonly<Record<string, Query>>;

/** What starting a query needs; the rest of the Query fields take their initial values. */
export type NewQuery = Pick<Query, 'id' | 'sqlEditorId' | 'dbId' | 'sql' | 'runAsync'> & Partial<Query>;

/**
 * A query as it starts: pending when asynchronous, otherwise running; progress 0; not cached.
 *
 * @example
 * createQuery({ id: 'q1', sqlEditorId: 't1', dbId: 1, sql: 'SELECT 1', runAsync: true }).state; // 'pending'
 */
export function createQuery(input: NewQuery, now = Date.now()): Query {
  return {
    endDttm: null,
    resultsKey: null,
    results: null,
    rows: null,
    errorMessage: null,
    errors: [],
    link: null,
    tempSchema: null,
    tempTable: null,
    ctas: false,
    queryLimit: null,
    limitingFactor: null,
    isDataPreview: false,
    changed_on: null,
    columns: [],
    ...input,
    state: input.runAsync ? 'pending' : 'running',
    startDttm: input.startDttm ?? now,
    progress: 0,
    cached: false,
  };
}

export const startQuery = (queries: QueryMap, query: Query): QueryMap => ({ ...queries, [query.id]: query });

/** Success stores results, unless the query was stopped already or the status is not success. */
export function querySuccess(queries: QueryMap, id: string, payload: { status?: string; results: QueryResults; query?: Partial<Query> }, now = Date.now()): QueryMap {
  const query = queries[id];
  if (!query || query.state === 'stopped' || (payload.status !== undefined && payload.status !== 'success')) return queries;
  return {
    ...queries,
    [id]: {
      ...query,
      ...(payload.query ?? {}),
      state: 'success',
      results: payload.results,
      columns: payload.results.columns,
      rows: payload.query?.rows ?? payload.results.data.length,
      progress: 100,
      endDttm: payload.query?.endDttm ?? now,
      errorMessage: null,
      errors: [],
    },
  };
}

/** Failure stores message, link and errors; ignored for a stopped query. */
export function queryFailed(queries: QueryMap, id: string, failure: { message: string; link?: string | null; errors?: StructuredError[]; state?: 'failed' | 'timed_out' }, now = Date.now()): QueryMap {
  const query = queries[id];
  if (!query || query.state === 'stopped') return queries;
  return {
    ...queries,
    [id]: { ...query, state: failure.state ?? 'failed', errorMessage: failure.message, link: failure.link ?? null, errors: failure.errors ?? [], endDttm: now, results: null },
  };
}

/** Stop sets stopped and clears results. */
export function stopQuery(queries: QueryMap, id: string, now = Date.now()): QueryMap {
  const query = queries[id];
  if (!query) return queries;
  return { ...queries, [id]: { ...query, state: 'stopped', results: null, endDttm: query.endDttm ?? now } };
}

/** A change to the server-known fields of a query (the /updated_since poll). */
export function updateQuery(queries: QueryMap, id: string, changes: Partial<Query>): QueryMap {
  const query = queries[id];
  return query ? { ...queries, [id]: { ...query, ...changes } } : queries;
}

/**
 * Applies the server's view of queries (poll of /api/v1/query/updated_since). Stopped or failed queries stay
 * as they are; fetching, success or running become success when the server says success (results are
 * fetched separately, so the state moves to 'fetching' first when results are still to be loaded).
 */
export function refreshQueries(queries: QueryMap, updates: readonly Partial<Query>[]): QueryMap {
  let next: Record<string, Query> | null = null;
  for (const update of updates) {
    const id = update.id;
    if (!id) continue;
    const current = (next ?? queries)[id];
    if (!current) continue;
    if (current.state === 'stopped' || current.state === 'failed') continue;
    let state = update.state ?? current.state;
    if (state === 'success' && !['fetching', 'success', 'running', 'pending', 'started', 'scheduled'].includes(current.state)) state = current.state;
    next ??= { ...queries };
    next[id] = { ...current, ...update, id, state, results: current.results };
  }
  return next ?? queries;
}

/**
 * Removes queries that are running or pending, older than the interval and with zero progress: they were
 * lost (the page was closed mid-run) and would otherwise poll forever.
 */
export function clearInactiveQueries(queries: QueryMap, intervalMs: number, now = Date.now()): QueryMap {
  const next: Record<string, Query> = {};
  let changed = false;
  for (const [id, query] of Object.entries(queries)) {
    const stale = (query.state === 'running' || query.state === 'pending') && now - query.startDttm > intervalMs && query.progress === 0;
    if (stale) changed = true;
    else next[id] = query;
  }
  return changed ? next : queries;
}

export const isInProgress = (state: QueryState): boolean => IN_PROGRESS_STATES.has(state);

/**
 * Status display colour (spec 3 §4): offline, failed, stopped -> error; pending, fetching -> info;
 * running -> warning; success -> success.
 *
 * @example
 * statusColor('running'); // 'warning'
 */
export function statusColor(state: QueryState | 'offline'): StatusColor {
  switch (state) {
    case 'offline':
    case 'failed':
    case 'stopped':
    case 'timed_out':
      return 'error';
    case 'pending':
    case 'fetching':
    case 'started':
    case 'scheduled':
      return 'info';
    case 'running':
      return 'warning';
    case 'success':
      return 'success';
  }
}
