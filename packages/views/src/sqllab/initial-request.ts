import type { ToastStore } from '../components/toast-store';
import type { SqlLabApi } from './sqllab-api';
import { MESSAGES } from './sqllab-messages';
import type { SqlLabStore } from './sqllab-store';
import { tabFieldsFromSavedQuery } from './saved-query-actions';
import type { QueryEditor } from './sqllab-types';

/**
 * How SQL Lab was opened (spec 3 §2): a requested query (datasource key and SQL, by navigation or form
 * post), a saved query, a permalink, an earlier query, a dataset (its select-star SQL) or a database and
 * SQL. Each opens a new tab; a saved query already open in a tab is switched to instead.
 */
export interface SqlLabInitialRequest {
  datasourceKey?: string;
  sql?: string;
  dbId?: number;
  savedQueryId?: number;
  permalinkKey?: string;
  queryId?: number;
  datasetId?: number;
}

/**
 * Reads the request from the app's address: /sqllab/p/{key} and ?savedQueryId=, ?queryId=, ?datasetId=,
 * ?dbid= with ?sql=, ?datasourceKey= with ?sql=.
 *
 * @example
 * parseSqlLabUrl('/sqllab/', '?savedQueryId=3'); // { savedQueryId: 3 }
 */
export function parseSqlLabUrl(pathname: string, search: string): SqlLabInitialRequest {
  const out: SqlLabInitialRequest = {};
  const permalink = /^\/sqllab\/p\/([^/]+)\/?$/.exec(pathname);
  if (permalink) out.permalinkKey = decodeURIComponent(permalink[1]!);
  const params = new URLSearchParams(search);
  const int = (name: string) => {
    const value = Number(params.get(name));
    return params.has(name) && Number.isInteger(value) && value > 0 ? value : undefined;
  };
  const savedQueryId = int('savedQueryId') ?? int('id');
  if (savedQueryId) out.savedQueryId = savedQueryId;
  const queryId = int('queryId');
  if (queryId) out.queryId = queryId;
  const datasetId = int('datasetId');
  if (datasetId) out.datasetId = datasetId;
  const dbId = int('dbid') ?? int('dbId');
  if (dbId) out.dbId = dbId;
  const sql = params.get('sql');
  if (sql) out.sql = sql;
  const datasourceKey = params.get('datasourceKey');
  if (datasourceKey) out.datasourceKey = datasourceKey;
  return out;
}

/** Opens the requested tab; resolves with it (null when nothing was requested or loading failed). */
export async function openInitialRequest(request: SqlLabInitialRequest, { store, api, toasts }: { store: SqlLabStore; api: SqlLabApi; toasts: ToastStore }): Promise<QueryEditor | null> {
  if (request.permalinkKey) {
    try {
      const state = await api.readPermalink(request.permalinkKey);
      return store.addTab({ name: state.name, dbId: state.dbId, catalog: state.catalog, schema: state.schema, sql: state.sql, templateParams: state.templateParams ?? '', autorun: state.autorun });
    } catch {
      toasts.danger(MESSAGES.sqlLoadFailed);
      return null;
    }
  }
  if (request.savedQueryId) {
    const open = store.tabs.value.find((t) => t.remoteId === request.savedQueryId);
    if (open) {
      store.setActive(open.id);
      return open;
    }
    try {
      return store.addTab(tabFieldsFromSavedQuery(await api.savedQuery(request.savedQueryId)));
    } catch {
      toasts.danger(MESSAGES.queryLoadFailed);
      return null;
    }
  }
  if (request.queryId) {
    try {
      const q = await api.getQuery(request.queryId);
      return store.addTab({ ...(q.tab_name ? { name: q.tab_name } : {}), dbId: q.database.id, catalog: q.catalog, schema: q.schema, sql: q.sql });
    } catch {
      toasts.danger(MESSAGES.queryLoadFailed);
      return null;
    }
  }
  const datasetId = request.datasetId ?? (request.datasourceKey ? Number(request.datasourceKey.split('__')[0]) : undefined);
  if (datasetId) {
    try {
      const dataset = await api.dataset(datasetId);
      return store.addTab({
        name: `Query ${dataset.table_name}`,
        dbId: dataset.database.id,
        catalog: dataset.catalog ?? null,
        schema: dataset.schema,
        sql: request.sql || dataset.select_star || `SELECT * FROM ${dataset.table_name}`,
      });
    } catch {
      toasts.danger(MESSAGES.datasourceLoadFailed);
      return null;
    }
  }
  if (request.dbId || request.sql) {
    return store.addTab({ ...(request.dbId ? { dbId: request.dbId, schema: null } : {}), ...(request.sql ? { sql: request.sql } : {}) });
  }
  return null;
}
