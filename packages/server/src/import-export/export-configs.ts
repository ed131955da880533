import { toBool } from '../metadata/connect';
import type { DashboardRow, DatabaseRow, DatasetRow, SavedQueryRow, SliceRow, SqlMetricRow, TableColumnRow } from '../metadata/schema';
import { maskedUri, PASSWORD_MASK } from '../resources/definitions/database';
import { parseJsonText } from '../resources/serializers/relations';
import { SUPPORTED_VERSION } from './bundle-contents';
import { metadataForExport, positionForExport } from './id-refs';

/**
 * One stored object -> the YAML document the incumbent writes for it: same keys, same order, JSON text
 * columns as nested YAML (except a chart's query_context, which the incumbent keeps as a JSON string),
 * booleans as booleans, secrets masked.
 */
type Json = Record<string, unknown>;

/** JSON text as a value; text that is not JSON is kept as text rather than dropped. */
function jsonOrText(text: string | null): unknown {
  if (text === null || text === '') return null;
  const parsed = parseJsonText(text);
  return parsed === null && text.trim() !== 'null' ? text : parsed;
}

function maskSecrets(tunnel: unknown): unknown {
  if (typeof tunnel !== 'object' || tunnel === null) return tunnel;
  const out: Json = { ...(tunnel as Json) };
  for (const key of ['password', 'private_key', 'private_key_password']) if (out[key] !== undefined && out[key] !== null) out[key] = PASSWORD_MASK;
  return out;
}

export function databaseConfig(row: DatabaseRow): Json {
  const secrets = (parseJsonText(row.encrypted_extra) ?? {}) as Json;
  return {
    database_name: row.database_name,
    sqlalchemy_uri: maskedUri(row),
    cache_timeout: row.cache_timeout,
    expose_in_sqllab: toBool(row.expose_in_sqllab),
    allow_run_async: toBool(row.allow_run_async),
    allow_ctas: toBool(row.allow_ctas),
    allow_cvas: toBool(row.allow_cvas),
    allow_dml: toBool(row.allow_dml),
    allow_file_upload: toBool(row.allow_file_upload),
    extra: jsonOrText(row.extra),
    impersonate_user: toBool(row.impersonate_user),
    uuid: row.uuid,
    version: SUPPORTED_VERSION,
    ...(secrets.ssh_tunnel ? { ssh_tunnel: maskSecrets(secrets.ssh_tunnel) } : {}),
  };
}

export function datasetConfig(row: DatasetRow, columns: TableColumnRow[], metrics: SqlMetricRow[], databaseUuid: string): Json {
  return {
    table_name: row.table_name,
    main_dttm_col: row.main_dttm_col,
    description: row.description,
    default_endpoint: row.default_endpoint,
    offset: row.offset,
    cache_timeout: row.cache_timeout,
    catalog: row.catalog,
    schema: row.schema,
    sql: row.sql,
    params: null,
    template_params: row.template_params,
    filter_select_enabled: toBool(row.filter_select_enabled),
    fetch_values_predicate: row.fetch_values_predicate,
    extra: jsonOrText(row.extra),
    normalize_columns: toBool(row.normalize_columns),
    always_filter_main_dttm: toBool(row.always_filter_main_dttm),
    uuid: row.uuid,
    metrics: metrics.map((m) => ({
      metric_name: m.metric_name,
      verbose_name: m.verbose_name,
      metric_type: m.metric_type,
      expression: m.expression,
      description: m.description,
      d3format: m.d3format,
      currency: jsonOrText(m.currency),
      extra: jsonOrText(m.extra),
      warning_text: m.warning_text,
    })),
    columns: columns.map((c) => ({
      column_name: c.column_name,
      verbose_name: c.verbose_name,
      is_dttm: toBool(c.is_dttm),
      is_active: toBool(c.is_active),
      type: c.type,
      advanced_data_type: c.advanced_data_type,
      groupby: toBool(c.groupby),
      filterable: toBool(c.filterable),
      expression: c.expression,
      description: c.description,
      python_date_format: c.python_date_format,
      extra: jsonOrText(c.extra),
    })),
    version: SUPPORTED_VERSION,
    database_uuid: databaseUuid,
  };
}

export function chartConfig(row: SliceRow, datasetUuid: string | null): Json {
  return {
    slice_name: row.slice_name,
    description: row.description,
    certified_by: row.certified_by,
    certification_details: row.certification_details,
    viz_type: row.viz_type,
    params: jsonOrText(row.params) ?? {},
    query_context: row.query_context,
    cache_timeout: row.cache_timeout,
    uuid: row.uuid,
    version: SUPPORTED_VERSION,
    dataset_uuid: datasetUuid,
  };
}

export function dashboardConfig(row: DashboardRow, chartUuids: Map<number, string>, datasetUuids: Map<number, string>): Json {
  return {
    dashboard_title: row.dashboard_title,
    description: row.description,
    css: row.css,
    slug: row.slug,
    certified_by: row.certified_by,
    certification_details: row.certification_details,
    published: toBool(row.published),
    uuid: row.uuid,
    position: positionForExport(jsonOrText(row.position_json) ?? {}, chartUuids),
    metadata: metadataForExport(jsonOrText(row.json_metadata) ?? {}, datasetUuids),
    version: SUPPORTED_VERSION,
  };
}

export function savedQueryConfig(row: SavedQueryRow, databaseUuid: string): Json {
  return {
    catalog: row.catalog,
    schema: row.schema,
    label: row.label,
    description: row.description,
    sql: row.sql,
    template_parameters: row.template_parameters,
    uuid: row.uuid,
    version: SUPPORTED_VERSION,
    database_uuid: databaseUuid,
  };
}
