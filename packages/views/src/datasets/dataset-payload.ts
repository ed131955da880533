import type { ApiClient } from '@lumen-bi/core';
import type { DatasetColumnEdit, DatasetDetail, DatasetMetricEdit, ItemExtra } from './dataset-types';

/** Parses an item's `extra` JSON; broken or empty JSON reads as no extra rather than failing the editor. */
export function parseExtra(extra: string | null | undefined): ItemExtra {
  if (!extra) return {};
  try {
    const value = JSON.parse(extra) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as ItemExtra) : {};
  } catch {
    return {};
  }
}

/**
 * Writes certification and warning back into `extra`, dropping empty parts so an uncertified item carries
 * no empty certification object.
 *
 * @example
 * withExtra(null, { certified_by: 'Data team', details: '', warning_markdown: '' }); // '{"certification":{"certified_by":"Data team","details":null}}'
 */
export function withExtra(extra: string | null | undefined, fields: { certified_by?: string; details?: string; warning_markdown?: string }): string | null {
  const next: ItemExtra = { ...parseExtra(extra) };
  const by = fields.certified_by?.trim() ?? (next.certification?.certified_by || '');
  const details = fields.details?.trim() ?? (next.certification?.details || '');
  if (by) next.certification = { certified_by: by, details: details || null };
  else delete next.certification;
  const warning = fields.warning_markdown !== undefined ? fields.warning_markdown.trim() : (next.warning_markdown ?? '');
  if (warning) next.warning_markdown = warning;
  else delete next.warning_markdown;
  return Object.keys(next).length ? JSON.stringify(next) : null;
}

/** True when the dataset's SQL changed: the columns must then be recomputed (override_columns, spec 2 §7). */
export const sqlChanged = (original: DatasetDetail, edited: DatasetDetail): boolean => (original.sql ?? '').trim() !== (edited.sql ?? '').trim();

const metricPayload = (m: DatasetMetricEdit) => ({
  // Spec 2 §3: the id is sent only when numeric (new metrics carry temporary string ids).
  ...(typeof m.id === 'number' ? { id: m.id } : {}),
  ...(m.uuid ? { uuid: m.uuid } : {}),
  expression: m.expression,
  description: m.description ?? null,
  metric_name: m.metric_name,
  metric_type: m.metric_type ?? null,
  d3format: m.d3format || null,
  currency: m.currency ?? null,
  verbose_name: m.verbose_name ?? null,
  warning_text: m.warning_text ?? null,
  extra: m.extra ?? null,
});

const columnPayload = (c: DatasetColumnEdit) => ({
  ...(typeof c.id === 'number' ? { id: c.id } : {}),
  ...(c.uuid ? { uuid: c.uuid } : {}),
  column_name: c.column_name,
  type: c.type ?? null,
  advanced_data_type: c.advanced_data_type ?? null,
  verbose_name: c.verbose_name ?? null,
  description: c.description ?? null,
  expression: c.expression || null,
  filterable: c.filterable ?? true,
  groupby: c.groupby ?? true,
  is_active: c.is_active ?? true,
  is_dttm: c.is_dttm ?? false,
  python_date_format: c.python_date_format || null,
  extra: c.extra ?? null,
});

/**
 * The PUT /api/v1/dataset/{id} body (spec 2 §3): an empty cache timeout is sent as null, owners as ids,
 * metric ids only when numeric.
 */
export function datasetPayload(d: DatasetDetail): Record<string, unknown> {
  const cacheTimeout = d.cache_timeout === '' || d.cache_timeout === undefined || d.cache_timeout === null ? null : Number(d.cache_timeout);
  return {
    table_name: d.table_name,
    database_id: d.database?.id,
    catalog: d.catalog ?? null,
    schema: d.schema ?? null,
    sql: d.sql ?? null,
    filter_select_enabled: d.filter_select_enabled ?? false,
    fetch_values_predicate: d.fetch_values_predicate ?? null,
    description: d.description ?? null,
    main_dttm_col: d.main_dttm_col ?? null,
    normalize_columns: d.normalize_columns ?? false,
    always_filter_main_dttm: d.always_filter_main_dttm ?? false,
    offset: d.offset ?? 0,
    default_endpoint: d.default_endpoint ?? null,
    cache_timeout: cacheTimeout !== null && Number.isFinite(cacheTimeout) ? cacheTimeout : null,
    is_sqllab_view: d.is_sqllab_view ?? false,
    template_params: d.template_params || null,
    extra: d.extra ?? null,
    is_managed_externally: d.is_managed_externally ?? false,
    external_url: d.external_url ?? null,
    owners: (d.owners ?? []).map((o) => (typeof o === 'number' ? o : o.id)),
    metrics: d.metrics.map(metricPayload),
    columns: d.columns.map(columnPayload),
  };
}

/**
 * Validation errors that block Save (spec 2 §4): metric and column names must be present and unique, and
 * metrics need an expression.
 */
export function datasetErrors(d: DatasetDetail): string[] {
  const errors: string[] = [];
  const seen = new Set<string>();
  for (const m of d.metrics) {
    if (!m.metric_name.trim()) errors.push('Metric name is required');
    else if (seen.has(`m:${m.metric_name}`)) errors.push(`Duplicate metric name: ${m.metric_name}`);
    seen.add(`m:${m.metric_name}`);
    if (!m.expression.trim()) errors.push(`Metric ${m.metric_name || '(unnamed)'} needs a SQL expression`);
  }
  for (const c of d.columns) {
    if (!c.column_name.trim()) errors.push('Column name is required');
    else if (seen.has(`c:${c.column_name}`)) errors.push(`Duplicate column name: ${c.column_name}`);
    seen.add(`c:${c.column_name}`);
    if (typeof c.expression === 'string' && c.expression.length > 0 && !c.expression.trim()) errors.push(`Calculated column ${c.column_name || '(unnamed)'} needs a SQL expression`);
  }
  if (d.cache_timeout !== null && d.cache_timeout !== undefined && d.cache_timeout !== '' && !Number.isInteger(Number(d.cache_timeout))) {
    errors.push('Cache timeout is expected to be an integer');
  }
  return errors;
}

/** Saves the dataset (PUT, with override_columns when the SQL changed) and reads it back (GET), spec 2 §4. */
export async function saveDataset(
  client: ApiClient,
  original: DatasetDetail,
  edited: DatasetDetail,
): Promise<DatasetDetail> {
  await client.put(`/api/v1/dataset/${original.id}`, datasetPayload(edited), { query: { override_columns: String(sqlChanged(original, edited)) } });
  const { json } = await client.get<{ result: DatasetDetail }>(`/api/v1/dataset/${original.id}`);
  return json.result;
}
