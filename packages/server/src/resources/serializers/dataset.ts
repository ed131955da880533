import type { AnyDb, Json, Row } from '../definition';
import { genericTypeCode } from '../../datasets/metadata';
import { loadDatabases, loadOwners, parseJsonText } from './relations';

/**
 * Dataset columns and metrics as the API shows them (DatasetRestApi.get TableColumn/SqlMetric, plus the
 * certification fields explore reads out of `extra`).
 */
const bool = (v: unknown) => v === 1 || v === true;

export function serializeColumn(row: Row): Json {
  return {
    id: row.id,
    uuid: row.uuid,
    column_name: row.column_name,
    type: row.type,
    advanced_data_type: row.advanced_data_type,
    verbose_name: row.verbose_name,
    description: row.description,
    expression: row.expression,
    filterable: bool(row.filterable),
    groupby: bool(row.groupby),
    is_active: bool(row.is_active),
    is_dttm: bool(row.is_dttm),
    python_date_format: row.python_date_format,
    extra: row.extra,
    created_on: row.created_on,
    changed_on: row.changed_on,
  };
}

export function serializeMetric(row: Row): Json {
  const extra = parseJsonText(row.extra) as { certification?: { certified_by?: string; details?: string }; warning_markdown?: string } | null;
  return {
    id: row.id,
    uuid: row.uuid,
    metric_name: row.metric_name,
    metric_type: row.metric_type,
    expression: row.expression,
    description: row.description,
    d3format: row.d3format,
    currency: parseJsonText(row.currency) ?? row.currency,
    verbose_name: row.verbose_name,
    warning_text: row.warning_text,
    extra: row.extra,
    certified_by: extra?.certification?.certified_by ?? null,
    certification_details: extra?.certification?.details ?? null,
    is_certified: Boolean(extra?.certification?.certified_by),
    warning_markdown: extra?.warning_markdown ?? null,
    created_on: row.created_on,
    changed_on: row.changed_on,
  };
}

export async function loadColumnsAndMetrics(db: AnyDb, ids: number[]): Promise<{ columns: Map<number, Json[]>; metrics: Map<number, Json[]> }> {
  const columns = new Map<number, Json[]>(ids.map((id) => [id, []]));
  const metrics = new Map<number, Json[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return { columns, metrics };
  const [cols, mets] = await Promise.all([
    db.selectFrom('table_columns').selectAll().where('table_id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('sql_metrics').selectAll().where('table_id', 'in', ids).orderBy('id').execute(),
  ]);
  for (const col of cols) columns.get(col.table_id as number)?.push(serializeColumn(col));
  for (const met of mets) metrics.get(met.table_id as number)?.push(serializeMetric(met));
  return { columns, metrics };
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A preview statement for the dataset (virtual datasets select from their SQL). */
export function selectStar(row: Row): string {
  if (row.sql) return `SELECT *\nFROM (${String(row.sql)}) AS virtual_table\nLIMIT 100`;
  const name = row.schema ? `${quote(String(row.schema))}.${quote(String(row.table_name))}` : quote(String(row.table_name));
  return `SELECT *\nFROM ${name}\nLIMIT 100`;
}

/**
 * The datasource payload dashboards and explore read (DashboardDatasetSchema): columns, metrics, verbose
 * map, database, main time column.
 */
export async function datasourcePayloads(db: AnyDb, rows: Row[]): Promise<Json[]> {
  const ids = rows.map((r) => r.id as number);
  const [{ columns, metrics }, databases, owners] = await Promise.all([
    loadColumnsAndMetrics(db, ids),
    loadDatabases(db, rows.map((r) => r.database_id as number)),
    loadOwners(db, 'sqlatable_user', 'dataset_id', ids),
  ]);
  return rows.map((row) => {
    const id = row.id as number;
    const cols = columns.get(id) ?? [];
    const mets = metrics.get(id) ?? [];
    const verbose: Record<string, string> = { __timestamp: 'Time' };
    for (const c of cols) verbose[c.column_name as string] = (c.verbose_name as string) || (c.column_name as string);
    for (const m of mets) verbose[m.metric_name as string] = (m.verbose_name as string) || (m.metric_name as string);
    const db0 = databases.get(row.database_id as number);
    const name = row.schema ? `${row.schema}.${row.table_name}` : (row.table_name as string);
    return {
      id,
      uid: `${id}__table`,
      type: 'table',
      name,
      datasource_name: row.table_name,
      table_name: row.table_name,
      catalog: row.catalog,
      schema: row.schema,
      sql: row.sql,
      database: db0 ? { id: db0.id, database_name: db0.database_name, backend: db0.backend, allow_multi_catalog: bool(db0.allow_multi_catalog) } : null,
      main_dttm_col: row.main_dttm_col,
      columns: cols,
      metrics: mets,
      column_names: cols.map((c) => c.column_name),
      // GenericDataType numbers (0 numeric, 1 string, 2 temporal, 3 boolean), as the incumbent's DashboardDatasetSchema.
      column_types: cols.map((c) => (db0 ? genericTypeCode(db0.backend as string, c as { type: string | null; is_dttm: unknown }) : null)),
      column_formats: Object.fromEntries(mets.filter((m) => m.d3format).map((m) => [m.metric_name, m.d3format])),
      currency_formats: Object.fromEntries(mets.filter((m) => m.currency).map((m) => [m.metric_name, m.currency])),
      verbose_map: verbose,
      granularity_sqla: cols.filter((c) => c.is_dttm).map((c) => [c.column_name, c.column_name]),
      order_by_choices: cols.flatMap((c) => [
        [JSON.stringify([c.column_name, true]), `${c.column_name} [asc]`],
        [JSON.stringify([c.column_name, false]), `${c.column_name} [desc]`],
      ]),
      owners: (owners.get(id) ?? []).map((o) => o.id),
      filter_select: bool(row.filter_select_enabled),
      filter_select_enabled: bool(row.filter_select_enabled),
      fetch_values_predicate: row.fetch_values_predicate,
      template_params: row.template_params,
      is_sqllab_view: bool(row.is_sqllab_view),
      cache_timeout: row.cache_timeout,
      offset: row.offset,
      default_endpoint: row.default_endpoint,
      normalize_columns: bool(row.normalize_columns),
      always_filter_main_dttm: bool(row.always_filter_main_dttm),
      select_star: selectStar(row),
      edit_url: `/tablemodelview/edit/${id}`,
      description: row.description,
      extra: row.extra,
    };
  });
}
