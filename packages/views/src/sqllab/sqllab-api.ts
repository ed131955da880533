import type { ApiClient } from '@lumen-bi/core';
import type { Query, QueryEditor, QueryState, ResultColumn, SqlLabConf, SqlLabDatabase, TableColumn } from './sqllab-types';

/**
 * The SQL Lab endpoints (spec 3 §7) as typed calls over the view's API client, and the mapping of the
 * server's query dict onto the client Query. Nothing here touches the store.
 */

/** The server's Query.to_dict(). */
export interface ServerQuery {
  id: string;
  queryId?: number;
  serverId?: number;
  dbId: number;
  sql: string;
  state: string;
  startDttm: number | null;
  endDttm: number | null;
  resultsKey: string | null;
  rows: number | null;
  progress: number | null;
  errorMessage: string | null;
  errors?: unknown[];
  limit: number | null;
  limitingFactor: string | null;
  sqlEditorId: string | null;
  tempSchema: string | null;
  tempTable: string | null;
  ctas: boolean;
  changed_on: string | null;
  catalog: string | null;
  schema: string | null;
  tab: string | null;
  extra?: Record<string, unknown>;
}

export interface ResultsPayload {
  status: string;
  query_id: number;
  query: ServerQuery;
  columns: ResultColumn[];
  data: Record<string, unknown>[];
}

export interface ExecuteRequest {
  client_id: string;
  database_id: number;
  json: true;
  runAsync: boolean;
  catalog: string | null;
  schema: string | null;
  sql: string;
  sql_editor_id: string;
  tab: string;
  tmp_table_name: string;
  select_as_cta: boolean;
  ctas_method: 'TABLE' | 'VIEW';
  templateParams: string | undefined;
  queryLimit: number;
  expand_data: true;
}

export interface Bootstrap {
  active_tab: ServerTabState | null;
  tab_state_ids: { id: number; label: string }[];
  databases: Record<string, SqlLabDatabase>;
  queries: Record<string, ServerQuery>;
  common: { conf: SqlLabConf; feature_flags: Record<string, boolean> };
}

export interface ServerTableSchema {
  id: number;
  tab_state_id: number;
  database_id: number;
  catalog: string | null;
  schema: string | null;
  table: string;
  expanded: boolean;
  description: Record<string, unknown> | null;
}

export interface ServerTabState {
  id: number;
  label: string;
  active: boolean;
  database_id: number | null;
  catalog: string | null;
  schema: string | null;
  sql: string;
  query_limit: number | null;
  latest_query: ServerQuery | null;
  autorun: boolean;
  template_params: string | null;
  hide_left_bar: boolean;
  saved_query: { id: number } | null;
  extra_json: { version?: number; updatedAt?: number } | null;
  table_schemas: ServerTableSchema[];
}

export interface TableMetadata {
  name: string;
  columns: TableColumn[];
  selectStar: string;
  primaryKey: { column_names: string[]; name: string | null };
  foreignKeys: { column_names: string[]; name: string | null; referred_table: string; referred_columns: string[] }[];
  indexes: { column_names: string[]; name: string | null; unique: boolean }[];
}

export interface SavedQuery {
  id: number;
  label: string;
  description: string | null;
  db_id: number;
  catalog: string | null;
  schema: string | null;
  sql: string;
  template_parameters: string | null;
}

const QUERY_STATES: readonly QueryState[] = ['started', 'pending', 'running', 'fetching', 'scheduled', 'stopped', 'failed', 'success', 'timed_out'];

/** The server's query dict as a client Query (fields the client owns, such as results, stay unset). */
export function fromServerQuery(q: ServerQuery): Partial<Query> & { id: string } {
  const state = QUERY_STATES.includes(q.state as QueryState) ? (q.state as QueryState) : 'failed';
  return {
    id: q.id,
    dbId: q.dbId,
    sql: q.sql,
    state,
    ...(q.startDttm != null ? { startDttm: Number(q.startDttm) } : {}),
    endDttm: q.endDttm == null ? null : Number(q.endDttm),
    resultsKey: q.resultsKey,
    rows: q.rows,
    progress: q.progress ?? 0,
    errorMessage: q.errorMessage,
    errors: (q.errors ?? []) as Query['errors'],
    queryLimit: q.limit,
    limitingFactor: q.limitingFactor,
    tempSchema: q.tempSchema,
    tempTable: q.tempTable,
    ctas: q.ctas,
    changed_on: q.changed_on,
    serverId: q.serverId ?? q.queryId ?? null,
    catalog: q.catalog,
    schema: q.schema,
    tab: q.tab,
    ...(q.sqlEditorId != null ? { sqlEditorId: String(q.sqlEditorId) } : {}),
  };
}

/** The tab fields PUT /tabstateview/{id} takes; undefined values are omitted (spec 3 §7). */
export function tabStatePayload(tab: QueryEditor): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    database_id: tab.dbId ?? undefined,
    catalog: tab.catalog,
    schema: tab.schema,
    sql: tab.sql,
    label: tab.name,
    query_limit: tab.queryLimit,
    latest_query_id: tab.latestQueryId ?? undefined,
    template_params: tab.templateParams,
    hide_left_bar: tab.hideLeftBar,
    autorun: tab.autorun,
    extra_json: JSON.stringify({ updatedAt: tab.updatedAt, version: tab.version }),
    saved_query_id: tab.remoteId ?? undefined,
  };
  return Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== undefined));
}

export function createSqlLabApi(api: ApiClient) {
  return {
    bootstrap: async () => (await api.get<{ result: Bootstrap }>('/api/v1/sqllab/')).json.result,
    execute: async (body: ExecuteRequest) => api.post<ResultsPayload | { query: ServerQuery }>('/api/v1/sqllab/execute/', body),
    results: async (key: string, rows?: number) => (await api.get<ResultsPayload>('/api/v1/sqllab/results/', { rison: rows === undefined ? { key } : { key, rows } })).json,
    stop: async (clientId: string) => api.post('/api/v1/query/stop', { client_id: clientId }),
    updatedSince: async (lastUpdatedMs: number) => (await api.get<{ result: ServerQuery[] }>('/api/v1/query/updated_since', { rison: { last_updated_ms: lastUpdatedMs } })).json.result,
    getQuery: async (id: number | string) =>
      (await api.get<{ result: { database: { id: number }; catalog: string | null; schema: string | null; sql: string; tab_name: string | null } }>(`/api/v1/query/${id}`)).json.result,
    formatSql: async (sql: string, databaseId?: number | null) => (await api.post<{ result: string }>('/api/v1/sqllab/format_sql/', { sql, ...(databaseId != null ? { database_id: databaseId } : {}) })).json.result,
    estimate: async (body: { database_id: number; catalog: string | null; schema: string | null; sql: string; template_params: Record<string, unknown> }) =>
      (await api.post<{ result: Record<string, unknown>[] }>('/api/v1/sqllab/estimate/', body)).json.result,
    validate: async (dbId: number, body: { catalog: string | null; schema: string | null; sql: string; template_params?: Record<string, unknown> }) =>
      (await api.post<{ result: { line_number: number; start_column: number; end_column: number; message: string }[] }>(`/api/v1/database/${dbId}/validate_sql/`, body)).json.result,
    createPermalink: async (state: { name: string; dbId: number; catalog: string | null; schema: string | null; autorun: boolean; sql: string; templateParams: string | null }) =>
      (await api.post<{ key: string; url: string }>('/api/v1/sqllab/permalink', state)).json,
    readPermalink: async (key: string) =>
      (await api.get<{ name: string; dbId: number; catalog: string | null; schema: string | null; autorun: boolean; sql: string; templateParams: string | null }>(`/api/v1/sqllab/permalink/${encodeURIComponent(key)}`)).json,
    databases: async () =>
      (
        await api.get<{ result: SqlLabDatabase[]; count: number }>('/api/v1/database/', {
          rison: { order_column: 'database_name', order_direction: 'asc', page: 0, page_size: 100, filters: [{ col: 'expose_in_sqllab', opr: 'eq', value: true }] },
        })
      ).json.result,
    catalogs: async (dbId: number) => (await api.get<{ result: string[] }>(`/api/v1/database/${dbId}/catalogs/`, { rison: { force: false } })).json.result,
    schemas: async (dbId: number, catalog: string | null) =>
      (await api.get<{ result: string[] }>(`/api/v1/database/${dbId}/schemas/`, { rison: catalog ? { force: false, catalog } : { force: false } })).json.result,
    tables: async (dbId: number, schema: string | null, catalog: string | null) =>
      (
        await api.get<{ result: { value: string; type: string }[] }>(`/api/v1/database/${dbId}/tables/`, {
          rison: { force: false, ...(schema ? { schema_name: schema } : {}), ...(catalog ? { catalog_name: catalog } : {}) },
        })
      ).json.result,
    tableMetadata: async (dbId: number, name: string, schema: string | null, catalog: string | null) =>
      (await api.get<TableMetadata>(`/api/v1/database/${dbId}/table_metadata/`, { query: { name, schema: schema ?? undefined, catalog: catalog ?? undefined } })).json,
    savedQuery: async (id: number) => (await api.get<{ result: SavedQuery }>(`/api/v1/saved_query/${id}`)).json.result,
    createSavedQuery: async (body: Record<string, unknown>) => (await api.post<{ id: number; result: SavedQuery }>('/api/v1/saved_query/', body)).json,
    updateSavedQuery: async (id: number, body: Record<string, unknown>) => (await api.put<{ id: number; result: SavedQuery }>(`/api/v1/saved_query/${id}`, body)).json,
    dataset: async (id: number) =>
      (await api.get<{ result: { table_name: string; schema: string | null; catalog?: string | null; database: { id: number }; select_star?: string } }>(`/api/v1/dataset/${id}`)).json.result,
    createDataset: async (body: Record<string, unknown>) => (await api.post<{ id: number; result?: unknown; data?: unknown }>('/api/v1/dataset/', body)).json,
    // Tab state persistence (spec 3 §7).
    createTabState: async (queryEditor: Record<string, unknown>) => (await api.post<{ id: number }>('/tabstateview/', { queryEditor: JSON.stringify(queryEditor) })).json.id,
    getTabState: async (id: number) => (await api.get<ServerTabState>(`/tabstateview/${id}`)).json,
    putTabState: async (id: number, payload: Record<string, unknown>) => api.put(`/tabstateview/${id}`, payload),
    activateTabState: async (id: number) => api.post(`/tabstateview/${id}/activate`),
    deleteTabState: async (id: number) => api.delete(`/tabstateview/${id}`),
    deleteTabQuery: async (tabId: number, clientId: string) => api.delete(`/tabstateview/${tabId}/query/${encodeURIComponent(clientId)}`),
    migrateQuery: async (tabId: number, clientId: string) => api.post(`/tabstateview/${tabId}/migrate_query`, { queryId: clientId }),
    createTableSchema: async (table: Record<string, unknown>) => (await api.post<{ id: number }>('/tableschemaview/', { table: JSON.stringify(table) })).json.id,
    setTableExpanded: async (id: number, expanded: boolean) => api.post(`/tableschemaview/${id}/expanded`, { expanded }),
    deleteTableSchema: async (id: number) => api.delete(`/tableschemaview/${id}`),
  };
}

export type SqlLabApi = ReturnType<typeof createSqlLabApi>;
