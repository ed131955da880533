import type { QueryOutcomes, SqlLabQueryOutcome } from './query-outcomes';
import type { QueryRunner } from './query-runner';
import { DEFAULT_SQL, type SqlLabStore } from './sqllab-store';
import type { QueryEditor } from './sqllab-types';

/**
 * What an embedding host asks of SQL Lab (`<bi-sqllab database-id sql schema tab-title>`), and running the
 * active tab on its behalf.
 *
 * The host's query gets a tab of its own, found by its title (default "Embedded query") and created when
 * missing; the user's other tabs are never overwritten. Tabs persist as they do in the app (the server's tab
 * state when SQLLAB_BACKEND_PERSISTENCE is on), so on the next page load the same tab is found again and its
 * content replaced by the host's SQL, rather than one more tab being added per visit.
 */
export interface SqlLabHostQuery {
  /** A database exposed in SQL Lab; any other id is refused (SqlLabHostQueryError), never replaced. */
  databaseId?: number | null;
  schema?: string | null;
  /** Replaces the editor content of the host's tab (without running it). */
  sql?: string | null;
  /** Title of the host's tab; default EMBEDDED_TAB_TITLE. */
  tabTitle?: string | null;
}

export const EMBEDDED_TAB_TITLE = 'Embedded query';

/** The host asked for a database SQL Lab does not expose (unknown id, or not exposed in SQL Lab). */
export class SqlLabHostQueryError extends Error {
  readonly code = 'UNKNOWN_DATABASE';
  readonly databaseId: number;
  constructor(databaseId: number) {
    super(`Database ${databaseId} is not available in SQL Lab (unknown id, or not exposed in SQL Lab)`);
    this.name = 'SqlLabHostQueryError';
    this.databaseId = databaseId;
  }
}

/** True when the host asked for anything (a title alone opens nothing). */
export function hasHostQuery(query: SqlLabHostQuery | null | undefined): query is SqlLabHostQuery {
  return Boolean(query && (query.databaseId != null || query.sql != null || query.schema != null));
}

interface HostQueryDeps {
  store: SqlLabStore;
  runner: QueryRunner;
  outcomes: QueryOutcomes;
  /** Makes a tab active, loading its server state first (backend persistence loads tabs lazily). */
  activate(id: string): Promise<void>;
}

/**
 * @example
 * const host = createHostQuery({ store, runner, outcomes, activate });
 * await host.apply({ databaseId: 1, sql: 'SELECT 1' }); // opens (or reuses) the "Embedded query" tab
 * const outcome = await host.runActive(); // {state: 'success', rowCount: 1, …}
 */
export function createHostQuery({ store, runner, outcomes, activate }: HostQueryDeps) {
  /** The last query applied: a later one changes only what differs, so the user's edits survive the rest. */
  let applied: SqlLabHostQuery | null = null;

  /**
   * Opens the host's tab and applies the query; rejects with SqlLabHostQueryError, having changed nothing,
   * for a database SQL Lab does not expose. Applying the same query again changes nothing.
   */
  const apply = async (query: SqlLabHostQuery): Promise<QueryEditor | null> => {
    if (!hasHostQuery(query)) return null;
    const { databaseId = null, schema = null, sql = null } = query;
    if (databaseId != null) {
      const database = store.databases.value[databaseId];
      if (!database || database.expose_in_sqllab === false) throw new SqlLabHostQueryError(databaseId);
    }
    const previous = applied;
    applied = query;
    const title = query.tabTitle?.trim() || EMBEDDED_TAB_TITLE;
    const existing = store.tabs.value.find((t) => t.name === title);
    if (!existing) {
      return store.addTab({
        name: title,
        sql: sql ?? DEFAULT_SQL,
        ...(databaseId != null ? { dbId: databaseId, catalog: null, schema } : schema != null ? { schema } : {}),
      });
    }
    const changes: Partial<QueryEditor> = {};
    if (sql != null && sql !== previous?.sql) changes.sql = sql;
    if (databaseId != null && databaseId !== previous?.databaseId) Object.assign(changes, { dbId: databaseId, catalog: null, schema });
    else if (schema != null && schema !== previous?.schema) changes.schema = schema;
    const first = previous === null || (previous.tabTitle?.trim() || EMBEDDED_TAB_TITLE) !== title;
    if (!first && !Object.keys(changes).length) return existing;
    await activate(existing.id);
    store.updateTab(existing.id, changes);
    return store.tabs.value.find((t) => t.id === existing.id) ?? null;
  };

  /**
   * Runs the active tab's whole SQL; resolves with the query's outcome once it is final (the same object
   * the outcome listeners get), or null when there is nothing to run (no database, empty SQL).
   */
  const runActive = (): Promise<SqlLabQueryOutcome | null> => {
    const tab = store.activeTab.value;
    if (!tab) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      let queryId: string | null = null;
      // Subscribed before the run: a synchronous engine answers before runner.run resolves.
      const stop = outcomes.subscribe((outcome) => {
        if (outcome.queryId !== queryId) return;
        stop();
        resolve(outcome);
      });
      const before = tab.latestQueryId;
      const started = runner.run(tab);
      // runner.run starts the query (and makes it the tab's latest) before its first await.
      const latest = store.tabs.value.find((t) => t.id === tab.id)?.latestQueryId ?? null;
      queryId = latest !== before ? latest : null;
      started.then(
        (query) => {
          if (query && query.id === queryId) return;
          stop();
          resolve(null);
        },
        (error: unknown) => {
          stop();
          reject(error);
        },
      );
    });
  };

  return { apply, runActive };
}

export type HostQuery = ReturnType<typeof createHostQuery>;
