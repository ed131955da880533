import { ClientError, getClientErrorMessage, type StructuredError } from '@lumen-bi/core';
import type { ToastStore } from '../components/toast-store';
import { isInProgress } from './query-states';
import { fromServerQuery, type ResultsPayload, type ServerQuery, type SqlLabApi } from './sqllab-api';
import { MESSAGES } from './sqllab-messages';
import type { SqlLabStore } from './sqllab-store';
import type { Query, QueryEditor, QueryResults } from './sqllab-types';

/**
 * Running queries (spec 3 §4/§7): execute sync (200 with results) or async (202, then a 1 s poll of
 * /api/v1/query/updated_since until the query finishes and its results are fetched), stop, and the
 * 'Failed at retrieving results' path. One runner per view; `dispose` ends its poll timer.
 */
export const POLL_INTERVAL_MS = 1000;
/** Queries lost mid-run (page closed) stop being polled after this long without progress. */
export const INACTIVE_QUERY_MS = 6 * 60 * 60 * 1000;

export interface RunOptions {
  /** Run only the selected text (Ctrl/Cmd-Shift-Enter). */
  selectionOnly?: boolean;
  /** SQL to run instead of the tab's (data preview, re-run from history). */
  sql?: string;
  isDataPreview?: boolean;
}

export interface QueryRunnerDeps {
  store: SqlLabStore;
  api: SqlLabApi;
  toasts: ToastStore;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** Told the id of each query this runner starts (query outcomes report only those). */
  onStart?: (queryId: string) => void;
}

const toResults = (payload: ResultsPayload): QueryResults => ({ columns: payload.columns ?? [], data: payload.data ?? [] });

/** The message, link and structured errors of a failed call, as a failed query stores them. */
export function failureOf(error: unknown): { message: string; link: string | null; errors: StructuredError[]; state: 'failed' | 'timed_out' } {
  if (error instanceof ClientError) {
    const body = error.body as { errors?: StructuredError[]; link?: string; message?: string } | null;
    const errors = error.errors.length ? error.errors : (body?.errors ?? []);
    const timedOut = errors.some((e) => /TIMEOUT/.test(e.error_type));
    return { message: errors[0]?.message ?? getClientErrorMessage(error), link: body?.link ?? null, errors, state: timedOut && error.status !== 400 ? 'timed_out' : 'failed' };
  }
  return { message: error instanceof Error ? error.message : MESSAGES.unknownError, link: null, errors: [], state: 'failed' };
}

export function createQueryRunner({ store, api, toasts, onStart, setTimer = (fn, ms) => setTimeout(fn, ms), clearTimer = (h) => clearTimeout(h as ReturnType<typeof setTimeout>) }: QueryRunnerDeps) {
  let timer: unknown = null;
  let disposed = false;
  const fetchingResults = new Set<string>();

  const serverTabId = (tabId: string): string => String(store.tabViewIds.value[tabId] ?? tabId);

  const fetchResults = async (query: Query) => {
    if (!query.resultsKey || fetchingResults.has(query.id)) return;
    fetchingResults.add(query.id);
    store.updateQuery(query.id, { state: 'fetching' });
    try {
      const payload = await api.results(query.resultsKey, query.queryLimit ?? undefined);
      store.querySuccess(query.id, { status: payload.status, results: toResults(payload), query: fromServerQuery(payload.query) });
    } catch (error) {
      toasts.danger(MESSAGES.resultsFailed);
      store.queryFailed(query.id, { ...failureOf(error), message: MESSAGES.resultsFailed });
    } finally {
      fetchingResults.delete(query.id);
    }
  };

  /** One poll: apply the server's changes; finished queries get their results or their error. */
  const poll = async () => {
    const running = Object.values(store.queries.value).filter((q) => q.runAsync && isInProgress(q.state) && !fetchingResults.has(q.id));
    if (!running.length) return;
    // Browser and server clocks may differ a little; a margin keeps a change from slipping between polls.
    const since = Math.min(...running.map((q) => q.startDttm)) - 5000;
    let updates: ServerQuery[];
    try {
      updates = await api.updatedSince(since);
    } catch {
      return; // offline for a moment: the next tick tries again
    }
    for (const update of updates) {
      const local = store.queries.value[update.id];
      if (!local || !isInProgress(local.state)) continue;
      const changes = fromServerQuery(update);
      if (changes.state === 'success') {
        store.updateQuery(local.id, { ...changes, state: 'fetching', sqlEditorId: local.sqlEditorId });
        void fetchResults({ ...local, ...changes, sqlEditorId: local.sqlEditorId });
      } else if (changes.state === 'failed' || changes.state === 'timed_out') {
        const errors = (update.errors ?? []) as StructuredError[];
        store.queryFailed(local.id, { message: update.errorMessage ?? errors[0]?.message ?? MESSAGES.unknownError, errors, state: changes.state });
      } else if (changes.state === 'stopped') {
        store.stopQuery(local.id);
      } else {
        store.refreshQueries([{ ...changes, sqlEditorId: local.sqlEditorId }]);
      }
    }
  };

  const schedule = () => {
    if (disposed || timer !== null) return;
    timer = setTimer(() => {
      timer = null;
      void poll().finally(() => {
        if (Object.values(store.queries.value).some((q) => q.runAsync && isInProgress(q.state))) schedule();
      });
    }, POLL_INTERVAL_MS);
  };

  /** Runs a tab's SQL (or the given SQL); resolves with the query once execute has answered. */
  const run = async (tab: QueryEditor, options: RunOptions = {}): Promise<Query | null> => {
    if (tab.dbId == null) return null;
    const database = store.databases.value[tab.dbId];
    const sql = options.sql ?? (options.selectionOnly && tab.selectedText ? tab.selectedText : tab.sql);
    if (!sql.trim()) return null;
    const runAsync = Boolean(database?.allow_run_async);
    const query = store.startQuery({
      id: store.newId(),
      sqlEditorId: tab.id,
      dbId: tab.dbId,
      sql,
      runAsync,
      queryLimit: tab.queryLimit,
      isDataPreview: Boolean(options.isDataPreview),
      catalog: tab.catalog,
      schema: tab.schema,
      tab: tab.name,
    });
    onStart?.(query.id);
    if (!options.isDataPreview) store.setSouthPane(tab.id, 'results');
    try {
      const response = await api.execute({
        client_id: query.id,
        database_id: tab.dbId,
        json: true,
        runAsync,
        catalog: tab.catalog,
        schema: tab.schema,
        sql,
        sql_editor_id: serverTabId(tab.id),
        tab: tab.name,
        tmp_table_name: '',
        select_as_cta: false,
        ctas_method: 'TABLE',
        templateParams: tab.templateParams.trim() ? tab.templateParams : undefined,
        queryLimit: tab.queryLimit,
        expand_data: true,
      });
      if (response.status === 202 || !('data' in response.json)) {
        const server = (response.json as { query: ServerQuery }).query;
        store.updateQuery(query.id, { ...fromServerQuery(server), sqlEditorId: tab.id, runAsync: true });
        schedule();
      } else {
        const payload = response.json as ResultsPayload;
        store.querySuccess(query.id, { status: payload.status, results: toResults(payload), query: { ...fromServerQuery(payload.query), sqlEditorId: tab.id } });
      }
    } catch (error) {
      store.queryFailed(query.id, failureOf(error));
    }
    return store.queries.value[query.id] ?? null;
  };

  /** Stops a query: the store marks it stopped, the server cancels it on the engine. */
  const stop = async (query: Query) => {
    try {
      await api.stop(query.id);
      store.stopQuery(query.id);
      toasts.success(MESSAGES.queryStopped);
    } catch {
      toasts.danger(MESSAGES.stopFailed);
    }
  };

  /** Loads the results of a finished query restored from the server or local storage (results not kept). */
  const reloadResults = (query: Query) => {
    if (query.state === 'success' && !query.results && query.resultsKey) void fetchResults(query);
  };

  return {
    run,
    stop,
    poll,
    reloadResults,
    /** Starts polling if restored queries are still in progress (a reload mid-run). */
    resume: () => {
      store.clearInactiveQueries(INACTIVE_QUERY_MS);
      if (Object.values(store.queries.value).some((q) => q.runAsync && isInProgress(q.state))) schedule();
    },
    dispose: () => {
      disposed = true;
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
}

export type QueryRunner = ReturnType<typeof createQueryRunner>;
