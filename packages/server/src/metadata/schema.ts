import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The metadata store's tables. The same schema runs on SQLite and PostgreSQL, so storage types are the
 * portable subset: timestamps are ISO-8601 TEXT (UTC, `new Date().toISOString()`), booleans are INTEGER 0/1,
 * JSON documents are TEXT. Serialisers in the resource layer convert them to API shapes.
 * Table names follow the incumbent's where it has one, so exported bundles and SQL habits carry over.
 */
type Timestamp = string;
type Bool = number;

interface Audited {
  created_on: Timestamp;
  changed_on: Timestamp;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface UserTable {
  id: Generated<number>;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string | null;
  active: Bool;
  login_count: number;
  last_login: Timestamp | null;
  created_on: Timestamp;
  changed_on: Timestamp;
  /** Who created / last changed the account through the users API (0004); null for bootstrap and CLI users. */
  created_by_fk: number | null;
  changed_by_fk: number | null;
}
export interface RoleTable { id: Generated<number>; name: string }
export interface UserRoleTable { user_id: number; role_id: number }
/** A permission pair: permission name (can_write) on a view/menu name (Chart). */
export interface PermissionViewTable { id: Generated<number>; permission: string; view_menu: string }
/** Ids for permission names and view names, as the incumbent's API addresses them (0004, security-api/permission-names.ts). */
export interface PermissionNameTable { id: Generated<number>; name: string }
export interface PermissionViewRoleTable { permission_view_id: number; role_id: number }

/** A user's account at an SSO provider (0005, sso/identities.ts); `mapped_roles` is a JSON array of role names. */
export interface UserIdentityTable {
  user_id: number;
  provider: string;
  subject: string;
  mapped_roles: string;
  created_on: Timestamp;
  last_login: Timestamp | null;
}

/** A user's preferences (0006, security-api/preferences.ts); null where the user has chosen nothing. */
export interface UserAttributeTable {
  user_id: number;
  /** The theme mode of the user menu: default, dark or system. */
  theme_mode: string | null;
  /** The language of the user menu, one of spec 1 §9's locales (`pt_BR` spelling); null: none chosen. */
  locale: string | null;
  changed_on: Timestamp;
}

export interface SessionTable {
  id: string;
  user_id: number;
  csrf_token: string;
  created_on: Timestamp;
  expires_on: Timestamp;
}

export interface DatabaseTable extends Audited {
  id: Generated<number>;
  uuid: string;
  database_name: string;
  /** URI with the password removed; the password lives in `password` (never returned by the API). */
  sqlalchemy_uri: string;
  password: string | null;
  backend: string;
  expose_in_sqllab: Bool;
  allow_run_async: Bool;
  allow_dml: Bool;
  allow_ctas: Bool;
  allow_cvas: Bool;
  allow_file_upload: Bool;
  allow_multi_catalog: Bool;
  disable_data_preview: Bool;
  cache_timeout: number | null;
  force_ctas_schema: string | null;
  impersonate_user: Bool;
  configuration_method: string;
  /** JSON: engine_params, metadata_params, schemas_allowed_for_file_upload, ... */
  extra: string | null;
  /** JSON with secrets (never returned). */
  encrypted_extra: string | null;
  server_cert: string | null;
  is_managed_externally: Bool;
  external_url: string | null;
}

export interface DatasetTable extends Audited {
  id: Generated<number>;
  uuid: string;
  table_name: string;
  database_id: number;
  catalog: string | null;
  schema: string | null;
  sql: string | null;
  description: string | null;
  main_dttm_col: string | null;
  filter_select_enabled: Bool;
  fetch_values_predicate: string | null;
  normalize_columns: Bool;
  always_filter_main_dttm: Bool;
  offset: number;
  default_endpoint: string | null;
  cache_timeout: number | null;
  is_sqllab_view: Bool;
  template_params: string | null;
  extra: string | null;
  is_managed_externally: Bool;
  external_url: string | null;
}
export interface DatasetOwnerTable { dataset_id: number; user_id: number }

export interface TableColumnTable extends Audited {
  id: Generated<number>;
  uuid: string;
  table_id: number;
  column_name: string;
  type: string | null;
  advanced_data_type: string | null;
  verbose_name: string | null;
  description: string | null;
  expression: string | null;
  filterable: Bool;
  groupby: Bool;
  is_active: Bool;
  is_dttm: Bool;
  python_date_format: string | null;
  extra: string | null;
}

export interface SqlMetricTable extends Audited {
  id: Generated<number>;
  uuid: string;
  table_id: number;
  metric_name: string;
  metric_type: string | null;
  expression: string;
  description: string | null;
  d3format: string | null;
  currency: string | null;
  verbose_name: string | null;
  warning_text: string | null;
  extra: string | null;
}

export interface SliceTable extends Audited {
  id: Generated<number>;
  uuid: string;
  slice_name: string;
  viz_type: string;
  datasource_id: number | null;
  datasource_type: string | null;
  /** JSON string of form data. */
  params: string | null;
  /** JSON string of the chart-data request body. */
  query_context: string | null;
  description: string | null;
  cache_timeout: number | null;
  certified_by: string | null;
  certification_details: string | null;
  is_managed_externally: Bool;
  external_url: string | null;
  last_saved_at: Timestamp | null;
  last_saved_by_fk: number | null;
}
export interface SliceOwnerTable { slice_id: number; user_id: number }

export interface DashboardTable extends Audited {
  id: Generated<number>;
  uuid: string;
  dashboard_title: string;
  slug: string | null;
  css: string | null;
  description: string | null;
  json_metadata: string | null;
  position_json: string | null;
  published: Bool;
  certified_by: string | null;
  certification_details: string | null;
  is_managed_externally: Bool;
  external_url: string | null;
}
export interface DashboardOwnerTable { dashboard_id: number; user_id: number }
export interface DashboardRoleTable { dashboard_id: number; role_id: number }
export interface DashboardSliceTable { dashboard_id: number; slice_id: number }

export interface EmbeddedDashboardTable {
  uuid: string;
  dashboard_id: number;
  /** JSON array of allowed host origins. */
  allowed_domains: string;
  created_on: Timestamp;
  changed_on: Timestamp;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface SavedQueryTable extends Audited {
  id: Generated<number>;
  uuid: string;
  user_id: number | null;
  db_id: number;
  catalog: string | null;
  schema: string | null;
  label: string;
  description: string | null;
  sql: string;
  template_parameters: string | null;
  extra_json: string | null;
  rows: number | null;
  last_run: Timestamp | null;
}

/** A SQL Lab query execution (spec 3 §3 Query). */
export interface QueryTable {
  id: Generated<number>;
  client_id: string;
  database_id: number;
  user_id: number | null;
  tmp_table_name: string | null;
  tmp_schema_name: string | null;
  status: string;
  tab_name: string | null;
  sql_editor_id: string | null;
  catalog: string | null;
  schema: string | null;
  sql: string;
  select_sql: string | null;
  executed_sql: string | null;
  limit: number | null;
  limiting_factor: string | null;
  select_as_cta: Bool;
  select_as_cta_used: Bool;
  ctas_method: string | null;
  progress: number;
  rows: number | null;
  error_message: string | null;
  results_key: string | null;
  start_time: number | null;
  start_running_time: number | null;
  end_time: number | null;
  end_result_backend_time: number | null;
  tracking_url: string | null;
  extra_json: string | null;
  changed_on: Timestamp;
}

export interface TabStateTable {
  id: Generated<number>;
  user_id: number;
  label: string;
  active: Bool;
  database_id: number | null;
  catalog: string | null;
  schema: string | null;
  sql: string | null;
  query_limit: number | null;
  latest_query_id: string | null;
  autorun: Bool;
  template_params: string | null;
  hide_left_bar: Bool;
  saved_query_id: number | null;
  extra_json: string | null;
  created_on: Timestamp;
  changed_on: Timestamp;
}

export interface TableSchemaTable {
  id: Generated<number>;
  tab_state_id: number;
  database_id: number;
  catalog: string | null;
  schema: string | null;
  table: string;
  description: string | null;
  expanded: Bool;
  created_on: Timestamp;
  changed_on: Timestamp;
}

export interface TagTable extends Audited {
  id: Generated<number>;
  name: string;
  /** custom, type, owner, favorited_by */
  type: string;
  description: string | null;
}
export interface TaggedObjectTable {
  id: Generated<number>;
  tag_id: number;
  object_id: number;
  /** chart, dashboard, saved_query, query */
  object_type: string;
  created_on: Timestamp;
  created_by_fk: number | null;
}

/** Favourites. class_name: 'slice' | 'Dashboard' | 'tag' (the incumbent's values). */
export interface FavStarTable {
  id: Generated<number>;
  user_id: number;
  class_name: string;
  obj_id: number;
  dttm: Timestamp;
}

export interface ReportScheduleTable extends Audited {
  id: Generated<number>;
  type: string;
  name: string;
  description: string | null;
  context_markdown: string | null;
  active: Bool;
  crontab: string;
  timezone: string;
  creation_method: string;
  report_format: string;
  sql: string | null;
  chart_id: number | null;
  dashboard_id: number | null;
  database_id: number | null;
  last_eval_dttm: Timestamp | null;
  last_state: string;
  last_value: number | null;
  last_value_row_json: string | null;
  validator_type: string | null;
  validator_config_json: string | null;
  log_retention: number;
  grace_period: number;
  working_timeout: number;
  force_screenshot: Bool;
  custom_width: number | null;
  extra: string | null;
}
export interface ReportRecipientTable {
  id: Generated<number>;
  type: string;
  recipient_config_json: string;
  report_schedule_id: number;
}
export interface ReportOwnerTable { report_schedule_id: number; user_id: number }
export interface ReportExecutionLogTable {
  id: Generated<number>;
  uuid: string;
  report_schedule_id: number;
  scheduled_dttm: Timestamp;
  start_dttm: Timestamp | null;
  end_dttm: Timestamp | null;
  value: number | null;
  value_row_json: string | null;
  state: string;
  error_message: string | null;
}

export interface LogTable {
  id: Generated<number>;
  action: string;
  user_id: number | null;
  dashboard_id: number | null;
  slice_id: number | null;
  json: string | null;
  dttm: Timestamp;
  duration_ms: number | null;
  referrer: string | null;
}

/** Permalinks and other small documents (resource: dashboard_permalink, explore_permalink, sqllab_permalink, ...). */
export interface KeyValueTable {
  id: Generated<number>;
  uuid: string;
  resource: string;
  value: string;
  created_on: Timestamp;
  created_by_fk: number | null;
  changed_on: Timestamp | null;
  changed_by_fk: number | null;
  expires_on: Timestamp | null;
}

/** Row-level security rules attached to roles and datasets. */
export interface RlsFilterTable extends Audited {
  id: Generated<number>;
  name: string;
  description: string | null;
  /** Regular or Base */
  filter_type: string;
  group_key: string | null;
  clause: string;
}
export interface RlsFilterRoleTable { rls_filter_id: number; role_id: number }
export interface RlsFilterTableTable { rls_filter_id: number; table_id: number }

/** A native annotation layer (issue 22): a named set of annotations that charts draw by id (sourceType NATIVE). */
export interface AnnotationLayerTable extends Audited {
  id: Generated<number>;
  name: string;
  descr: string | null;
}

/** One annotation of a layer: an event (start = end) or an interval, with text and JSON metadata. */
export interface AnnotationTable extends Audited {
  id: Generated<number>;
  start_dttm: Timestamp | null;
  end_dttm: Timestamp | null;
  layer_id: number;
  short_descr: string | null;
  long_descr: string | null;
  /** JSON text, as sent. */
  json_metadata: string | null;
}

export interface MetadataSchema {
  ab_user: UserTable;
  ab_role: RoleTable;
  ab_user_role: UserRoleTable;
  ab_permission_view: PermissionViewTable;
  ab_permission_view_role: PermissionViewRoleTable;
  ab_permission: PermissionNameTable;
  ab_view_menu: PermissionNameTable;
  user_session: SessionTable;
  user_identity: UserIdentityTable;
  user_attribute: UserAttributeTable;
  dbs: DatabaseTable;
  tables: DatasetTable;
  sqlatable_user: DatasetOwnerTable;
  table_columns: TableColumnTable;
  sql_metrics: SqlMetricTable;
  slices: SliceTable;
  slice_user: SliceOwnerTable;
  dashboards: DashboardTable;
  dashboard_user: DashboardOwnerTable;
  dashboard_roles: DashboardRoleTable;
  dashboard_slices: DashboardSliceTable;
  embedded_dashboards: EmbeddedDashboardTable;
  saved_query: SavedQueryTable;
  query: QueryTable;
  tab_state: TabStateTable;
  table_schema: TableSchemaTable;
  tag: TagTable;
  tagged_object: TaggedObjectTable;
  favstar: FavStarTable;
  report_schedule: ReportScheduleTable;
  report_recipient: ReportRecipientTable;
  report_schedule_user: ReportOwnerTable;
  report_execution_log: ReportExecutionLogTable;
  logs: LogTable;
  key_value: KeyValueTable;
  row_level_security_filters: RlsFilterTable;
  rls_filter_roles: RlsFilterRoleTable;
  rls_filter_tables: RlsFilterTableTable;
  annotation_layer: AnnotationLayerTable;
  annotation: AnnotationTable;
}

export type UserRow = Selectable<UserTable>;
export type DatabaseRow = Selectable<DatabaseTable>;
export type DatasetRow = Selectable<DatasetTable>;
export type TableColumnRow = Selectable<TableColumnTable>;
export type SqlMetricRow = Selectable<SqlMetricTable>;
export type SliceRow = Selectable<SliceTable>;
export type DashboardRow = Selectable<DashboardTable>;
export type SavedQueryRow = Selectable<SavedQueryTable>;
export type NewRow<T extends keyof MetadataSchema> = Insertable<MetadataSchema[T]>;
export type RowUpdate<T extends keyof MetadataSchema> = Updateable<MetadataSchema[T]>;
