import type { AppContext } from '../context';
import { notFound } from '../errors';
import { toBool } from '../metadata/connect';

/** What the compiler needs to know about a dataset: its source, columns and saved metrics. */
export interface DatasetColumnModel {
  column_name: string;
  type: string | null;
  expression: string | null;
  is_dttm: boolean;
  python_date_format: string | null;
  filterable: boolean;
  groupby: boolean;
}
export interface DatasetMetricModel {
  metric_name: string;
  expression: string;
  verbose_name: string | null;
  d3format: string | null;
}
export interface DatasetModel {
  id: number;
  uuid: string;
  table_name: string;
  schema: string | null;
  catalog: string | null;
  sql: string | null;
  database_id: number;
  main_dttm_col: string | null;
  cache_timeout: number | null;
  changed_on: string;
  fetch_values_predicate: string | null;
  always_filter_main_dttm: boolean;
  columns: DatasetColumnModel[];
  metrics: DatasetMetricModel[];
}

export async function loadDatasetModel(ctx: Pick<AppContext, 'store'>, id: number): Promise<DatasetModel> {
  const { db } = ctx.store;
  const row = await db.selectFrom('tables').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`Dataset ${id} does not exist`);
  const [columns, metrics] = await Promise.all([
    db.selectFrom('table_columns').selectAll().where('table_id', '=', id).orderBy('id').execute(),
    db.selectFrom('sql_metrics').selectAll().where('table_id', '=', id).orderBy('id').execute(),
  ]);
  return {
    id: row.id,
    uuid: row.uuid,
    table_name: row.table_name,
    schema: row.schema,
    catalog: row.catalog,
    sql: row.sql,
    database_id: row.database_id,
    main_dttm_col: row.main_dttm_col,
    cache_timeout: row.cache_timeout,
    changed_on: row.changed_on,
    fetch_values_predicate: row.fetch_values_predicate,
    always_filter_main_dttm: toBool(row.always_filter_main_dttm),
    columns: columns
      .filter((c) => toBool(c.is_active))
      .map((c) => ({
        column_name: c.column_name,
        type: c.type,
        expression: c.expression,
        is_dttm: toBool(c.is_dttm),
        python_date_format: c.python_date_format,
        filterable: toBool(c.filterable),
        groupby: toBool(c.groupby),
      })),
    metrics: metrics.map((m) => ({ metric_name: m.metric_name, expression: m.expression, verbose_name: m.verbose_name, d3format: m.d3format })),
  };
}
