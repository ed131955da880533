import { randomUUID } from 'node:crypto';
import { parseDatabaseUri } from '../engines';
import { fromBool, nowIso } from '../metadata/connect';
import type { AnyTrx, Json, Row } from '../resources/definition';
import type { CurrentUser } from '../security/current-user';
import { openDatabaseExtraSecrets, sealDatabaseSecrets, type SecretKeys } from '../security/database-secrets';
import type { Config } from './bundle-contents';
import { remapDeckSlices } from './deck-slice-refs';
import { chartIdMap, chartIdsInLayout, metadataForImport, positionForImport } from './id-refs';
import type { ImportPlan, PlannedItem } from './import-plan';
import { assertMayPlaceDataset } from '../security/dataset-placement';

/**
 * The writing half of an import, run inside one transaction: each planned object is inserted or updated in
 * place (keyed by uuid), references are turned from uuids into this installation's ids, and the importing
 * user becomes an owner. Order matters: databases, datasets, charts, dashboards, saved queries.
 */
export interface ImportIds {
  database: Map<string, number>;
  dataset: Map<string, number>;
  chart: Map<string, number>;
}

interface Writer {
  trx: AnyTrx;
  user: CurrentUser;
  /** Database passwords and SSH tunnel secrets are stored encrypted with the secret key. */
  keys: SecretKeys;
  plan: ImportPlan;
  ids: ImportIds;
  now: string;
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const bool = (value: unknown, fallback = false): number => fromBool(value === undefined || value === null ? fallback : value === true || value === 'true' || value === 1);
/** JSON text columns accept either a nested document or JSON text from the bundle. */
const jsonText = (value: unknown): string | null => (value === undefined || value === null ? null : typeof value === 'string' ? value : JSON.stringify(value));
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

async function upsert(w: Writer, table: string, item: PlannedItem, values: Json): Promise<number> {
  if (item.existing) {
    await w.trx.updateTable(table).set({ ...values, changed_on: w.now, changed_by_fk: w.user.id }).where('id', '=', item.existing.id as number).execute();
    return item.existing.id as number;
  }
  const audit = { uuid: item.config.uuid, created_on: w.now, changed_on: w.now, created_by_fk: w.user.id, changed_by_fk: w.user.id };
  const row = await w.trx.insertInto(table).values({ ...values, ...audit }).returning('id').executeTakeFirstOrThrow();
  return row.id as number;
}

/** New objects are owned by the importer; an overwritten one keeps its owners and gains the importer. */
async function addOwner(w: Writer, table: string, fk: string, id: number): Promise<void> {
  if (w.user.id === null) return;
  const has = await w.trx.selectFrom(table).select('user_id').where(fk, '=', id).where('user_id', '=', w.user.id).executeTakeFirst();
  if (!has) await w.trx.insertInto(table).values({ [fk]: id, user_id: w.user.id }).execute();
}

async function writeDatabase(w: Writer, item: PlannedItem): Promise<number> {
  const c = item.config;
  const parsed = parseDatabaseUri(String(c.sqlalchemy_uri));
  const tunnel = w.plan.sshTunnels.get(item.path);
  const previousSecrets = isObject(item.existing) ? (JSON.parse(openDatabaseExtraSecrets(w.keys, item.existing) ?? 'null') as Json | null) : null;
  const secrets = tunnel ? { ...(previousSecrets ?? {}), ssh_tunnel: tunnel } : previousSecrets;
  const uuid = String(isObject(item.existing) ? item.existing.uuid : item.config.uuid);
  return upsert(w, 'dbs', item, sealDatabaseSecrets(w.keys, uuid, {
    database_name: String(c.database_name),
    sqlalchemy_uri: parsed.uriWithoutPassword,
    password: w.plan.passwords.get(item.path) ?? null,
    backend: parsed.backend,
    expose_in_sqllab: bool(c.expose_in_sqllab, true),
    allow_run_async: bool(c.allow_run_async),
    allow_dml: bool(c.allow_dml),
    allow_ctas: bool(c.allow_ctas),
    allow_cvas: bool(c.allow_cvas),
    allow_file_upload: bool(c.allow_file_upload),
    allow_multi_catalog: bool(isObject(c.extra) ? c.extra.allow_multi_catalog : false),
    disable_data_preview: bool(isObject(c.extra) ? c.extra.disable_data_preview : false),
    cache_timeout: num(c.cache_timeout),
    force_ctas_schema: str(c.force_ctas_schema),
    impersonate_user: bool(c.impersonate_user),
    configuration_method: str(c.configuration_method) ?? 'sqlalchemy_form',
    extra: jsonText(c.extra),
    encrypted_extra: secrets ? JSON.stringify(secrets) : null,
    server_cert: str(c.server_cert),
    is_managed_externally: bool(c.is_managed_externally),
    external_url: str(c.external_url),
  }));
}

/** One entry per name, the later one winning (the incumbent's FCC example lists `gender` twice). */
function lastByName(list: Config[], key: string): Config[] {
  return [...new Map(list.map((entry) => [String(entry[key]), entry])).values()];
}

async function writeDataset(w: Writer, item: PlannedItem): Promise<number> {
  const c = item.config;
  // What a grant on the dataset opens is where it reads: the importer must reach it (dataset-placement.ts).
  await assertMayPlaceDataset(w.trx, w.user, { database_id: w.ids.database.get(String(c.database_uuid))!, schema: str(c.schema), sql: str(c.sql) || null });
  const id = await upsert(w, 'tables', item, {
    table_name: String(c.table_name),
    database_id: w.ids.database.get(String(c.database_uuid))!,
    catalog: str(c.catalog),
    schema: str(c.schema),
    sql: str(c.sql) || null,
    description: str(c.description),
    main_dttm_col: str(c.main_dttm_col),
    filter_select_enabled: bool(c.filter_select_enabled, true),
    fetch_values_predicate: str(c.fetch_values_predicate),
    normalize_columns: bool(c.normalize_columns),
    always_filter_main_dttm: bool(c.always_filter_main_dttm),
    offset: num(c.offset) ?? 0,
    default_endpoint: str(c.default_endpoint),
    cache_timeout: num(c.cache_timeout),
    is_sqllab_view: 0,
    template_params: jsonText(c.template_params),
    extra: jsonText(c.extra),
    is_managed_externally: bool(c.is_managed_externally),
    external_url: str(c.external_url),
  });
  // Overwrite replaces the column and metric lists with the bundle's, as the incumbent's sync does.
  await w.trx.deleteFrom('table_columns').where('table_id', '=', id).execute();
  await w.trx.deleteFrom('sql_metrics').where('table_id', '=', id).execute();
  const audit = () => ({ uuid: randomUUID(), table_id: id, created_on: w.now, changed_on: w.now, created_by_fk: w.user.id, changed_by_fk: w.user.id });
  const columns = lastByName((Array.isArray(c.columns) ? c.columns : []) as Config[], 'column_name');
  if (columns.length) {
    await w.trx
      .insertInto('table_columns')
      .values(
        columns.map((col) => ({
          ...audit(),
          column_name: String(col.column_name),
          type: str(col.type),
          advanced_data_type: str(col.advanced_data_type),
          verbose_name: str(col.verbose_name),
          description: str(col.description),
          expression: str(col.expression) || null,
          filterable: bool(col.filterable, true),
          groupby: bool(col.groupby, true),
          is_active: bool(col.is_active, true),
          is_dttm: bool(col.is_dttm),
          python_date_format: str(col.python_date_format),
          extra: jsonText(col.extra),
        })),
      )
      .execute();
  }
  const metrics = lastByName((Array.isArray(c.metrics) ? c.metrics : []) as Config[], 'metric_name');
  if (metrics.length) {
    await w.trx
      .insertInto('sql_metrics')
      .values(
        metrics.map((m) => ({
          ...audit(),
          metric_name: String(m.metric_name),
          metric_type: str(m.metric_type),
          expression: String(m.expression),
          description: str(m.description),
          d3format: str(m.d3format),
          currency: jsonText(m.currency),
          verbose_name: str(m.verbose_name),
          warning_text: str(m.warning_text),
          extra: jsonText(m.extra),
        })),
      )
      .execute();
  }
  await addOwner(w, 'sqlatable_user', 'dataset_id', id);
  return id;
}

/** The chart-data request saved with a chart, pointed at this installation's dataset and chart ids. */
function localQueryContext(text: string | null, datasetId: number | null, chartId: number | null): string | null {
  if (!text || datasetId === null) return text;
  try {
    const context = JSON.parse(text) as Json;
    if (isObject(context.datasource)) context.datasource = { ...context.datasource, id: datasetId, type: 'table' };
    if (isObject(context.form_data)) {
      context.form_data = { ...context.form_data, datasource: `${datasetId}__table`, ...(chartId !== null ? { slice_id: chartId } : {}) };
    }
    return JSON.stringify(context);
  } catch {
    return text;
  }
}

async function writeChart(w: Writer, item: PlannedItem): Promise<number> {
  const c = item.config;
  const datasetUuid = str(c.dataset_uuid);
  const datasetId = datasetUuid ? w.ids.dataset.get(datasetUuid) ?? null : null;
  const params = (isObject(c.params) ? { ...c.params } : typeof c.params === 'string' ? (JSON.parse(c.params || '{}') as Json) : {}) as Json;
  if (datasetId !== null) params.datasource = `${datasetId}__table`;
  const values = {
    slice_name: String(c.slice_name),
    viz_type: String(c.viz_type),
    datasource_id: datasetId,
    datasource_type: datasetId === null ? null : 'table',
    params: JSON.stringify(params),
    query_context: str(c.query_context),
    description: str(c.description),
    cache_timeout: num(c.cache_timeout),
    certified_by: str(c.certified_by),
    certification_details: str(c.certification_details),
    is_managed_externally: bool(c.is_managed_externally),
    external_url: str(c.external_url),
    last_saved_at: w.now,
    last_saved_by_fk: w.user.id,
  };
  const id = await upsert(w, 'slices', item, values);
  // The id is known only now; the saved request must name it for explore and reports.
  if (values.query_context) {
    await w.trx.updateTable('slices').set({ query_context: localQueryContext(values.query_context, datasetId, id) }).where('id', '=', id).execute();
  }
  await addOwner(w, 'slice_user', 'slice_id', id);
  return id;
}

async function writeDashboard(w: Writer, item: PlannedItem): Promise<number> {
  const c = item.config;
  const position = positionForImport(c.position ?? {}, w.ids.chart);
  const metadata = metadataForImport(c.metadata ?? {}, chartIdMap(c.position ?? {}, w.ids.chart), w.ids.dataset);
  const id = await upsert(w, 'dashboards', item, {
    dashboard_title: String(c.dashboard_title ?? ''),
    slug: str(c.slug) || null,
    css: str(c.css),
    description: str(c.description),
    json_metadata: JSON.stringify(metadata),
    position_json: JSON.stringify(position),
    published: bool(c.published),
    certified_by: str(c.certified_by),
    certification_details: str(c.certification_details),
    is_managed_externally: bool(c.is_managed_externally),
    external_url: str(c.external_url),
  });
  // The chart list of a dashboard is what its layout shows.
  await w.trx.deleteFrom('dashboard_slices').where('dashboard_id', '=', id).execute();
  const charts = chartIdsInLayout(position);
  if (charts.length) await w.trx.insertInto('dashboard_slices').values(charts.map((sliceId) => ({ dashboard_id: id, slice_id: sliceId }))).execute();
  await addOwner(w, 'dashboard_user', 'dashboard_id', id);
  return id;
}

async function writeSavedQuery(w: Writer, item: PlannedItem): Promise<number> {
  const c = item.config;
  return upsert(w, 'saved_query', item, {
    user_id: (item.existing?.user_id as number | null | undefined) ?? w.user.id,
    db_id: w.ids.database.get(String(c.database_uuid))!,
    catalog: str(c.catalog),
    schema: str(c.schema),
    label: String(c.label),
    description: str(c.description),
    sql: String(c.sql),
    template_parameters: jsonText(c.template_parameters),
  });
}

/**
 * Writes a validated plan; returns the local ids by uuid and the ids of databases whose connection
 * settings changed (their pools must be closed after commit).
 */
export async function writePlan(trx: AnyTrx, plan: ImportPlan, user: CurrentUser, keys: SecretKeys): Promise<{ ids: ImportIds; changedDatabases: number[] }> {
  const ids: ImportIds = { database: new Map(), dataset: new Map(), chart: new Map() };
  for (const k of ['database', 'dataset', 'chart'] as const) for (const [uuid, row] of plan.stored[k]) ids[k].set(uuid, (row as Row).id as number);
  const w: Writer = { trx, user, keys, plan, ids, now: nowIso() };
  const changedDatabases: number[] = [];
  const each = async (items: PlannedItem[], write: (w: Writer, item: PlannedItem) => Promise<number>, into?: Map<string, number>) => {
    for (const item of items) {
      const id = item.write ? await write(w, item) : (item.existing!.id as number);
      into?.set(item.config.uuid as string, id);
    }
  };
  await each(plan.items.database, writeDatabase, ids.database);
  for (const item of plan.items.database) if (item.write && item.existing) changedDatabases.push(item.existing.id as number);
  await each(plan.items.dataset, writeDataset, ids.dataset);
  await each(plan.items.chart, writeChart, ids.chart);
  await remapDeckSlices(trx, plan.items.chart, ids.chart);
  await each(plan.items.dashboard, writeDashboard);
  await each(plan.items.saved_query, writeSavedQuery);
  return { ids, changedDatabases };
}
