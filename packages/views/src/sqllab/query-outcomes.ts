import { effect, untracked } from '@preact/signals-react';
import type { StructuredError } from '@lumen-bi/core';
import { MESSAGES } from './sqllab-messages';
import type { SqlLabStore } from './sqllab-store';
import { FINISHED_STATES, type Query, type ResultColumn } from './sqllab-types';

/**
 * The final outcome of each query run in this SQL Lab, reported once: success, or failed / stopped /
 * timed_out (spec 3 §4 "Finished"). Only queries started here are tracked, so queries restored from local
 * storage or the server at load (or when a tab's state is fetched later) never report, even when a restored
 * async query finishes after a reload. The store is watched rather than each runner path instrumented, so the
 * sync path, the async poll, the results fetch and a stop all report through one rule.
 */

/** What every outcome carries. */
interface SqlLabQueryOutcomeBase {
  /** The client id of the query (the execute call's `client_id`). */
  queryId: string;
  /** The server's row id of the query, when it sent one. */
  serverId: number | null;
  /** The SQL Lab tab (client id) the query ran in. */
  tabId: string;
  databaseId: number;
  catalog: string | null;
  schema: string | null;
  sql: string;
  /** End minus start in milliseconds, as the query history shows it; null when the end is unknown. */
  durationMs: number | null;
  /** True for a table's data preview (run from the left bar), false for the editor's queries. */
  isDataPreview: boolean;
}

/** A query that finished with results. */
export interface SqlLabQuerySuccess extends SqlLabQueryOutcomeBase {
  state: 'success';
  /** Rows returned (after the limit). */
  rowCount: number;
  columns: ResultColumn[];
  /** Why rows were cut: 'DROPDOWN', 'QUERY', 'QUERY_AND_DROPDOWN', 'NOT_LIMITED', or null. */
  limitingFactor: string | null;
}

/** A query that failed, timed out or was stopped. */
export interface SqlLabQueryFailure extends SqlLabQueryOutcomeBase {
  state: 'failed' | 'stopped' | 'timed_out';
  message: string;
  /** The server's structured errors (spec error shape: message, error_type, level, extra). */
  errors: StructuredError[];
  link: string | null;
}

export type SqlLabQueryOutcome = SqlLabQuerySuccess | SqlLabQueryFailure;

/**
 * The outcome of a finished query; null while it is in progress.
 *
 * @example
 * queryOutcome({ ...query, state: 'success', rows: 2 })?.state; // 'success'
 */
export function queryOutcome(query: Query): SqlLabQueryOutcome | null {
  if (!FINISHED_STATES.has(query.state)) return null;
  const base: SqlLabQueryOutcomeBase = {
    queryId: query.id,
    serverId: query.serverId ?? null,
    tabId: query.sqlEditorId,
    databaseId: query.dbId,
    catalog: query.catalog ?? null,
    schema: query.schema ?? null,
    sql: query.sql,
    durationMs: query.endDttm != null ? Math.max(0, query.endDttm - query.startDttm) : null,
    isDataPreview: query.isDataPreview,
  };
  if (query.state === 'success') {
    return { ...base, state: 'success', rowCount: query.rows ?? query.results?.data.length ?? 0, columns: query.columns, limitingFactor: query.limitingFactor ?? null };
  }
  const state = query.state as SqlLabQueryFailure['state'];
  const message = query.errorMessage ?? query.errors[0]?.message ?? (state === 'stopped' ? MESSAGES.queryStopped : MESSAGES.unknownError);
  return { ...base, state, message, errors: query.errors, link: query.link };
}

export type QueryOutcomeListener = (outcome: SqlLabQueryOutcome) => void;

/**
 * @example
 * const outcomes = createQueryOutcomes(store);
 * const runner = createQueryRunner({ store, api, toasts, onStart: outcomes.track });
 * const stop = outcomes.subscribe((o) => console.log(o.state, o.queryId));
 */
export function createQueryOutcomes(store: SqlLabStore) {
  /** Queries started here that have not reported yet, as they started (what was sent to the server). */
  const pending = new Map<string, Query | undefined>();
  const listeners = new Set<QueryOutcomeListener>();
  let stopWatching: (() => void) | null = null;

  const emit = (outcome: SqlLabQueryOutcome) => {
    for (const listener of [...listeners]) {
      try {
        listener(outcome);
      } catch (error) {
        // A host's handler must not break the store update that triggered it; rethrown out of band so it
        // still shows up as an uncaught error.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  };

  const check = () => {
    const queries = store.queries.value;
    untracked(() => {
      for (const [id, started] of [...pending]) {
        const query = queries[id];
        if (!query) {
          pending.delete(id); // removed (its tab was closed): it will never finish here
          continue;
        }
        // A server answer without sql or dbId must not blank what was run.
        const outcome = queryOutcome({ ...query, sql: query.sql ?? started?.sql ?? '', dbId: query.dbId ?? started?.dbId });
        if (!outcome) continue;
        pending.delete(id);
        emit(outcome);
      }
    });
  };

  return {
    /** Marks a query as started by this SQL Lab; it reports when it reaches a final state. */
    track: (id: string) => {
      pending.set(id, store.queries.value[id]);
      check();
    },
    /**
     * Listens for outcomes; the store is watched only while someone listens (the watch starts again after
     * a remount, unlike a watch tied to the controller's dispose).
     */
    subscribe: (listener: QueryOutcomeListener): (() => void) => {
      listeners.add(listener);
      stopWatching ??= effect(check);
      return () => {
        listeners.delete(listener);
        if (!listeners.size && stopWatching) {
          stopWatching();
          stopWatching = null;
        }
      };
    },
  };
}

export type QueryOutcomes = ReturnType<typeof createQueryOutcomes>;
