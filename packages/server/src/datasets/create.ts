import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import { getConnection } from '../engines';
import { ErrorType, LumenError, unprocessable } from '../errors';
import { nowIso } from '../metadata/connect';
import type { CurrentUser } from '../security/current-user';
import { sourceColumnsOf, writeDatasetColumns } from './columns';
import { newColumnRow } from './column-row';
import { assertMayPlaceDataset } from '../security/dataset-placement';
import type { AnyDb } from '../resources/definition';

export interface NewMetric {
  metric_name: string;
  expression: string;
  verbose_name?: string | null;
  metric_type?: string | null;
  d3format?: string | null;
  description?: string | null;
  uuid?: string;
}

export interface NewCalculatedColumn {
  column_name: string;
  expression: string;
  type?: string | null;
  verbose_name?: string | null;
  is_dttm?: boolean;
}

export interface CreateDatasetInput {
  database_id: number;
  table_name: string;
  schema?: string | null;
  catalog?: string | null;
  sql?: string | null;
  template_params?: string | null;
  description?: string | null;
  /** Extra metrics besides the default `count` COUNT(*). */
  metrics?: NewMetric[];
  /** Calculated columns added after the source columns. */
  calculatedColumns?: NewCalculatedColumn[];
  uuid?: string;
  main_dttm_col?: string | null;
  /** Owners besides the creating user. */
  owners?: number[];
}

/** The metric every new dataset gets, as the incumbent adds it. */
export const COUNT_METRIC: NewMetric = { metric_name: 'count', expression: 'COUNT(*)', verbose_name: 'COUNT(*)', metric_type: 'count' };

/**
 * Creates a dataset (physical when `sql` is empty, virtual otherwise): checks the source exists by reading
 * its columns, writes the tables row, its columns, the `count` metric plus `metrics`, and owners.
 * Returns the new id. A duplicate (same database, catalog, schema, table_name) is a 422.
 *
 * @example
 * const id = await createDataset(ctx, user, { database_id: 1, schema: 'main', table_name: 'sales' });
 */
export async function createDataset(ctx: AppContext, user: CurrentUser | null, input: CreateDatasetInput): Promise<number> {
  const db = ctx.store.db;
  const database = await db.selectFrom('dbs').selectAll().where('id', '=', input.database_id).executeTakeFirst();
  if (!database) throw new LumenError(422, 'Database does not exist', ErrorType.DATABASE_NOT_FOUND_ERROR, { database: ['Database does not exist'] });
  await assertMayPlaceDataset(db as unknown as AnyDb, user, { database_id: input.database_id, schema: input.schema ?? null, sql: input.sql ?? null });
  const existing = await findDataset(ctx, input);
  if (existing) throw unprocessable(`Dataset ${input.table_name} already exists`, { table_name: [`Dataset ${input.table_name} already exists`] });
  const client = await getConnection(ctx, database);
  const source = await sourceColumnsOf(client, { table_name: input.table_name, schema: input.schema ?? null, catalog: input.catalog ?? null, sql: input.sql ?? null });
  const now = nowIso();
  const userId = user?.id ?? null;
  const inserted = await db
    .insertInto('tables')
    .values({
      uuid: input.uuid ?? randomUUID(),
      table_name: input.table_name,
      database_id: input.database_id,
      catalog: input.catalog ?? null,
      schema: input.schema ?? null,
      sql: input.sql ?? null,
      description: input.description ?? null,
      main_dttm_col: input.main_dttm_col ?? null,
      filter_select_enabled: 1,
      fetch_values_predicate: null,
      normalize_columns: 0,
      always_filter_main_dttm: 0,
      offset: 0,
      default_endpoint: null,
      cache_timeout: null,
      is_sqllab_view: 0,
      template_params: input.template_params ?? null,
      extra: null,
      is_managed_externally: 0,
      external_url: null,
      created_on: now,
      changed_on: now,
      created_by_fk: userId,
      changed_by_fk: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(inserted.id);
  const owners = new Set([...(input.owners ?? []), ...(userId !== null ? [userId] : [])]);
  for (const owner of owners) await db.insertInto('sqlatable_user').values({ dataset_id: id, user_id: owner }).execute();
  const dataset = await db.selectFrom('tables').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  await writeDatasetColumns(ctx, dataset, database, source, userId);
  await addCalculatedColumns(ctx, id, input.calculatedColumns ?? [], userId);
  await addMissingMetrics(ctx, id, [COUNT_METRIC, ...(input.metrics ?? [])], userId);
  return id;
}

/** The dataset with the same database, catalog, schema and table name, if any. */
export async function findDataset(
  ctx: AppContext,
  key: { database_id: number; table_name: string; schema?: string | null; catalog?: string | null },
): Promise<{ id: number } | undefined> {
  let query = ctx.store.db.selectFrom('tables').select('id').where('database_id', '=', key.database_id).where('table_name', '=', key.table_name);
  query = key.schema ? query.where('schema', '=', key.schema) : query.where((eb) => eb.or([eb('schema', 'is', null), eb('schema', '=', '')]));
  query = key.catalog ? query.where('catalog', '=', key.catalog) : query;
  const row = await query.executeTakeFirst();
  return row ? { id: Number(row.id) } : undefined;
}

/** Adds the metrics a dataset lacks (matched by metric_name). */
export async function addMissingMetrics(ctx: AppContext, datasetId: number, metrics: NewMetric[], userId: number | null = null): Promise<void> {
  const db = ctx.store.db;
  const names = new Set((await db.selectFrom('sql_metrics').select('metric_name').where('table_id', '=', datasetId).execute()).map((m) => m.metric_name));
  const now = nowIso();
  for (const metric of metrics) {
    if (names.has(metric.metric_name)) continue;
    names.add(metric.metric_name);
    await db
      .insertInto('sql_metrics')
      .values({
        uuid: metric.uuid ?? randomUUID(),
        table_id: datasetId,
        metric_name: metric.metric_name,
        metric_type: metric.metric_type ?? null,
        expression: metric.expression,
        description: metric.description ?? null,
        d3format: metric.d3format ?? null,
        currency: null,
        verbose_name: metric.verbose_name ?? null,
        warning_text: null,
        extra: null,
        created_on: now,
        changed_on: now,
        created_by_fk: userId,
        changed_by_fk: userId,
      })
      .execute();
  }
}

/** Adds calculated (expression) columns a dataset lacks. */
export async function addCalculatedColumns(ctx: AppContext, datasetId: number, columns: NewCalculatedColumn[], userId: number | null = null): Promise<void> {
  const db = ctx.store.db;
  const names = new Set((await db.selectFrom('table_columns').select('column_name').where('table_id', '=', datasetId).execute()).map((c) => c.column_name));
  const now = nowIso();
  for (const column of columns) {
    if (names.has(column.column_name)) continue;
    await db
      .insertInto('table_columns')
      .values(newColumnRow(datasetId, column, userId, now))
      .execute();
  }
}
