import type { AppContext } from '../context';
import { getEngineSpec, TIME_GRAIN_NAMES, TIME_GRAINS } from '../engines';
import { notFound } from '../errors';
import { toBool } from '../metadata/connect';

/** Superset's GenericDataType numbers as the explore UI reads them in column_types. */
const GENERIC_CODES: Record<string, number> = { NUMERIC: 0, STRING: 1, TEMPORAL: 2, BOOLEAN: 3 };

/** A column's GenericDataType number (null when the engine cannot tell), as the incumbent's column_types hold. */
export function genericTypeCode(backend: string, column: { type: string | null; is_dttm: unknown }): number | null {
  const generic = toBool(column.is_dttm) ? 'TEMPORAL' : getEngineSpec(backend).genericType(column.type);
  return generic === null ? null : GENERIC_CODES[generic]!;
}

const parseJson = (text: string | null | undefined): Record<string, unknown> => {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

function certification(extraText: string | null) {
  const extra = parseJson(extraText);
  const cert = (extra.certification ?? {}) as { certified_by?: string; details?: string };
  return {
    is_certified: !!cert.certified_by,
    certified_by: cert.certified_by ?? null,
    certification_details: cert.details ?? null,
    warning_markdown: (extra.warning_markdown as string | undefined) ?? null,
  };
}

/**
 * A dataset as the explore view and /superset/fetch_datasource_metadata return it (Superset's
 * `SqlaTable.data`): columns, metrics, verbose_map, main_dttm_col, time grains, database, owners...
 *
 * @example
 * const data = await datasetMetadata(ctx, 3);
 * data.verbose_map.count // 'COUNT(*)'
 */
export async function datasetMetadata(ctx: AppContext, datasetId: number) {
  const db = ctx.store.db;
  const dataset = await db.selectFrom('tables').selectAll().where('id', '=', datasetId).executeTakeFirst();
  if (!dataset) throw notFound('Dataset not found.');
  const [database, columns, metrics, owners] = await Promise.all([
    db.selectFrom('dbs').selectAll().where('id', '=', dataset.database_id).executeTakeFirstOrThrow(),
    db.selectFrom('table_columns').selectAll().where('table_id', '=', datasetId).where('is_active', '=', 1).orderBy('id').execute(),
    db.selectFrom('sql_metrics').selectAll().where('table_id', '=', datasetId).orderBy('id').execute(),
    db
      .selectFrom('sqlatable_user')
      .innerJoin('ab_user', 'ab_user.id', 'sqlatable_user.user_id')
      .select(['ab_user.id', 'ab_user.first_name', 'ab_user.last_name', 'ab_user.username'])
      .where('sqlatable_user.dataset_id', '=', datasetId)
      .execute(),
  ]);
  const spec = getEngineSpec(database.backend);
  const columnPayload = columns.map((column) => {
    return {
      id: column.id,
      uuid: column.uuid,
      column_name: column.column_name,
      verbose_name: column.verbose_name,
      description: column.description,
      expression: column.expression ?? '',
      filterable: toBool(column.filterable),
      groupby: toBool(column.groupby),
      is_active: toBool(column.is_active),
      is_dttm: toBool(column.is_dttm),
      type: column.type,
      type_generic: genericTypeCode(database.backend, column),
      advanced_data_type: column.advanced_data_type,
      python_date_format: column.python_date_format,
      extra: column.extra,
      ...certification(column.extra),
    };
  });
  const metricPayload = metrics.map((metric) => ({
    id: metric.id,
    uuid: metric.uuid,
    metric_name: metric.metric_name,
    verbose_name: metric.verbose_name,
    description: metric.description,
    expression: metric.expression,
    metric_type: metric.metric_type,
    warning_text: metric.warning_text,
    d3format: metric.d3format,
    currency: metric.currency ? parseJson(metric.currency) : null,
    extra: metric.extra,
    ...certification(metric.extra),
  }));
  const verboseMap: Record<string, string> = { __timestamp: 'Time' };
  for (const column of columns) verboseMap[column.column_name] = column.verbose_name || column.column_name;
  for (const metric of metrics) verboseMap[metric.metric_name] = metric.verbose_name || metric.metric_name;
  const dttmColumns = columns.filter((column) => toBool(column.is_dttm)).map((column) => column.column_name);
  const name = dataset.schema ? `${dataset.schema}.${dataset.table_name}` : dataset.table_name;
  const quote = spec.quoteIdentifier;
  return {
    id: dataset.id,
    uid: `${dataset.id}__table`,
    type: 'table',
    datasource_name: dataset.table_name,
    table_name: dataset.table_name,
    name,
    catalog: dataset.catalog,
    schema: dataset.schema,
    sql: dataset.sql,
    description: dataset.description,
    main_dttm_col: dataset.main_dttm_col,
    granularity_sqla: dttmColumns.map((column) => [column, column]),
    time_grain_sqla: TIME_GRAINS.map((grain) => [grain, TIME_GRAIN_NAMES[grain]]),
    columns: columnPayload,
    column_names: columns.map((column) => column.column_name),
    column_types: columnPayload.map((column) => column.type_generic),
    column_formats: Object.fromEntries(metrics.filter((m) => m.d3format).map((m) => [m.metric_name, m.d3format])),
    currency_formats: Object.fromEntries(metrics.filter((m) => m.currency).map((m) => [m.metric_name, parseJson(m.currency)])),
    metrics: metricPayload,
    verbose_map: verboseMap,
    order_by_choices: columns.flatMap((column) => [
      [JSON.stringify([column.column_name, true]), `${column.column_name} [asc]`],
      [JSON.stringify([column.column_name, false]), `${column.column_name} [desc]`],
    ]),
    owners: owners.map((owner) => ({ id: owner.id, first_name: owner.first_name, last_name: owner.last_name, username: owner.username })),
    database: {
      id: database.id,
      database_name: database.database_name,
      backend: database.backend,
      allow_multi_catalog: toBool(database.allow_multi_catalog),
      disable_data_preview: toBool(database.disable_data_preview),
    },
    filter_select: toBool(dataset.filter_select_enabled),
    filter_select_enabled: toBool(dataset.filter_select_enabled),
    fetch_values_predicate: dataset.fetch_values_predicate,
    offset: dataset.offset,
    cache_timeout: dataset.cache_timeout,
    default_endpoint: dataset.default_endpoint,
    is_sqllab_view: toBool(dataset.is_sqllab_view),
    template_params: dataset.template_params,
    extra: dataset.extra,
    normalize_columns: toBool(dataset.normalize_columns),
    always_filter_main_dttm: toBool(dataset.always_filter_main_dttm),
    is_managed_externally: toBool(dataset.is_managed_externally),
    external_url: dataset.external_url,
    edit_url: `/tablemodelview/edit/${dataset.id}`,
    perm: `[${database.database_name}].[${dataset.table_name}](id:${dataset.id})`,
    select_star: spec.selectStar({ name: dataset.table_name, schema: dataset.schema, catalog: dataset.catalog }, null, 100),
    health_check_message: null,
    params: null,
    datasource_type: 'table',
    kind: dataset.sql ? 'virtual' : 'physical',
    sql_quoted_name: dataset.sql ? null : [dataset.schema, dataset.table_name].filter(Boolean).map((part) => quote(part!)).join('.'),
  };
}
