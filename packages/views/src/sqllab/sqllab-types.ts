import type { StructuredError } from '@lumen-bi/core';

/**
 * The client-side shapes of SQL Lab (spec 3 §3), field for field, so state loaded from the server, a
 * permalink or local storage maps onto one model.
 */

/** A SQL editor tab (spec 3 §3 "SQL editor tab (client side)"). */
export interface QueryEditor {
  id: string;
  /** Saved query id when the tab was saved or opened from a saved query. */
  remoteId: number | null;
  name: string;
  dbId: number | null;
  catalog: string | null;
  schema: string | null;
  sql: string;
  queryLimit: number;
  latestQueryId: string | null;
  hideLeftBar: boolean;
  templateParams: string;
  autorun: boolean;
  cursorPosition: { row: number; column: number };
  selectedText: string | null;
  northPercent: number;
  southPercent: number;
  updatedAt: number;
  /** True once the tab's full state came from the server (backend persistence loads tabs lazily). */
  loaded: boolean;
  /** Created while backend persistence was off: migrated to /tabstateview/ when it is on. */
  inLocalStorage: boolean;
  version: number;
}

/** Query states (spec 3 §4). */
export type QueryState = 'started' | 'pending' | 'running' | 'fetching' | 'scheduled' | 'stopped' | 'failed' | 'success' | 'timed_out';

export const IN_PROGRESS_STATES: ReadonlySet<QueryState> = new Set(['started', 'pending', 'running', 'fetching', 'scheduled']);
export const FINISHED_STATES: ReadonlySet<QueryState> = new Set(['stopped', 'failed', 'success', 'timed_out']);

/** A result column as the server sends it. */
export interface ResultColumn {
  column_name: string;
  name?: string;
  type: string | null;
  is_dttm: boolean;
  type_generic: number | null;
}

/** Rows of a result: records keyed by column name, as the execute/results payload carries them. */
export interface QueryResults {
  columns: ResultColumn[];
  data: Record<string, unknown>[];
  /** Milliseconds the results took to arrive (client-measured, for display). */
  receivedAt?: number;
}

/** A query (spec 3 §3 "Query"). */
export interface Query {
  id: string;
  sqlEditorId: string;
  dbId: number;
  sql: string;
  state: QueryState;
  startDttm: number;
  endDttm: number | null;
  runAsync: boolean;
  resultsKey: string | null;
  results: QueryResults | null;
  rows: number | null;
  progress: number;
  cached: boolean;
  errorMessage: string | null;
  errors: StructuredError[];
  link: string | null;
  tempSchema: string | null;
  tempTable: string | null;
  ctas: boolean;
  queryLimit: number | null;
  limitingFactor: string | null;
  isDataPreview: boolean;
  changed_on: string | null;
  columns: ResultColumn[];
  /** Server row id (for /api/v1/query/{id} and the history). */
  serverId?: number | null;
  catalog?: string | null;
  schema?: string | null;
  tab?: string | null;
}

/** Database list item (spec 3 §3). */
export interface SqlLabDatabase {
  id: number;
  database_name: string;
  backend: string;
  allow_multi_catalog: boolean;
  expose_in_sqllab: boolean;
  allow_run_async: boolean;
  disable_data_preview: boolean;
}

/** A column of a table schema panel (from /table_metadata). */
export interface TableColumn {
  name: string;
  type: string | null;
  keys?: { type: string; name?: string | null; column_names: string[] }[];
}

/** A table schema panel / table preview (spec 3 §3). */
export interface TableSchema {
  id: string;
  /** /tableschemaview/ record id, once persisted. */
  remoteId: number | null;
  queryEditorId: string;
  dbId: number;
  catalog: string | null;
  schema: string | null;
  name: string;
  expanded: boolean;
  dataPreviewQueryId: string | null;
  columns: TableColumn[];
  selectStar: string | null;
  primaryKey: { column_names: string[]; name?: string | null } | null;
  foreignKeys: { column_names: string[]; name?: string | null; referred_table?: string; referred_columns?: string[] }[];
  indexes: { column_names: string[]; name?: string | null; unique?: boolean }[];
  isMetadataLoading: boolean;
}

/** Query cost estimate (spec 3 §3 / §4). */
export interface CostEstimate {
  completed: boolean;
  cost: Record<string, unknown>[] | null;
  error: string | null;
}

/** Configuration read from GET /api/v1/sqllab/ common.conf. */
export interface SqlLabConf {
  DEFAULT_SQLLAB_LIMIT: number;
  SQL_MAX_ROW: number;
  SQLLAB_TIMEOUT?: number;
  DEFAULT_DB_ID: number | null;
}

/** Status display colour of a query state (spec 3 §4). */
export type StatusColor = 'error' | 'info' | 'warning' | 'success';
