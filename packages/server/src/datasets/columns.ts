import type { AppContext } from '../context';
import { getConnection, getEngineSpec, isDttmType, type EngineClient } from '../engines';
import { ErrorType, LumenError, notFound } from '../errors';
import { nowIso } from '../metadata/connect';
import type { DatabaseRow, DatasetRow } from '../metadata/schema';
import { newColumnRow } from './column-row';

/** A column as the source reports it. */
export interface SourceColumn {
  name: string;
  type: string;
  is_dttm: boolean;
}

/** Removes trailing semicolons and whitespace so the SQL can be wrapped in a subquery. */
export const stripSqlTerminator = (sql: string): string => sql.trim().replace(/;+\s*$/, '').trim();

/**
 * Columns of a dataset's source: the table's columns for a physical dataset, the result columns of its SQL
 * (run wrapped with LIMIT 1) for a virtual one.
 */
export async function sourceColumnsOf(client: EngineClient, dataset: Pick<DatasetRow, 'table_name' | 'schema' | 'catalog' | 'sql'>): Promise<SourceColumn[]> {
  const sql = dataset.sql ? stripSqlTerminator(dataset.sql) : '';
  if (sql) {
    const spec = client.spec;
    const wrapped = `SELECT * FROM (\n${sql}\n) AS ${spec.quoteIdentifier('virtual_table')}${spec.limitClause(1)}`;
    const result = await client.execute(wrapped, [], { maxRows: 1 });
    return result.columns.map((column) => ({ name: column.name, type: column.type, is_dttm: column.is_dttm }));
  }
  const columns = await client.getColumns({ name: dataset.table_name, schema: dataset.schema, catalog: dataset.catalog });
  return columns.map((column) => ({ name: column.name, type: column.type, is_dttm: column.is_dttm }));
}

/**
 * Re-reads a dataset's columns from its source and upserts table_columns: new columns are added (is_dttm
 * from the type, groupby/filterable on), existing ones get their type refreshed while user edits
 * (verbose_name, description, expression, python_date_format, advanced_data_type, extra) are kept, and
 * columns that vanished from the source become inactive (calculated columns are left alone). Sets
 * main_dttm_col when the dataset has none (or its column vanished).
 *
 * @example
 * await refreshDatasetColumns(ctx, 42);
 */
export async function refreshDatasetColumns(ctx: AppContext, datasetId: number): Promise<void> {
  const db = ctx.store.db;
  const dataset = await db.selectFrom('tables').selectAll().where('id', '=', datasetId).executeTakeFirst();
  if (!dataset) throw notFound('Dataset not found.');
  const database = await db.selectFrom('dbs').selectAll().where('id', '=', dataset.database_id).executeTakeFirst();
  if (!database) throw new LumenError(404, 'Database not found.', ErrorType.DATABASE_NOT_FOUND_ERROR);
  const client = await getConnection(ctx, database);
  const source = await sourceColumnsOf(client, dataset);
  await writeDatasetColumns(ctx, dataset, database, source);
}

/** Upserts source columns into table_columns (the write half of refreshDatasetColumns). */
export async function writeDatasetColumns(ctx: AppContext, dataset: DatasetRow, database: Pick<DatabaseRow, 'backend'>, source: SourceColumn[], userId: number | null = null): Promise<void> {
  const spec = getEngineSpec(database.backend);
  const now = nowIso();
  await ctx.store.db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('table_columns').selectAll().where('table_id', '=', dataset.id).execute();
    const byName = new Map(existing.map((column) => [column.column_name, column]));
    const seen = new Set<string>();
    for (const column of source) {
      seen.add(column.name);
      const detected = column.is_dttm || isDttmType(column.type) || spec.genericType(column.type) === 'TEMPORAL';
      const old = byName.get(column.name);
      if (!old) {
        await trx
          .insertInto('table_columns')
          .values(newColumnRow(dataset.id, { column_name: column.name, type: column.type, is_dttm: detected }, userId, now))
          .execute();
        continue;
      }
      const typeChanged = (old.type ?? '') !== (column.type ?? '');
      const isDttm = typeChanged ? detected || !!old.python_date_format : detected || old.is_dttm === 1;
      if (!typeChanged && old.is_active === 1 && (old.is_dttm === 1) === isDttm) continue;
      await trx
        .updateTable('table_columns')
        .set({ type: column.type || null, is_dttm: isDttm ? 1 : 0, is_active: 1, changed_on: now, changed_by_fk: userId ?? old.changed_by_fk })
        .where('id', '=', old.id)
        .execute();
    }
    const vanished = existing.filter((column) => !seen.has(column.column_name) && !column.expression && column.is_active === 1);
    if (vanished.length) {
      await trx
        .updateTable('table_columns')
        .set({ is_active: 0, changed_on: now })
        .where(
          'id',
          'in',
          vanished.map((column) => column.id),
        )
        .execute();
    }
    const active = await trx.selectFrom('table_columns').select(['column_name', 'is_dttm', 'is_active']).where('table_id', '=', dataset.id).execute();
    const mainValid = dataset.main_dttm_col && active.some((c) => c.column_name === dataset.main_dttm_col && c.is_active === 1 && c.is_dttm === 1);
    if (!mainValid) {
      const firstDttm = source.find((c) => active.some((a) => a.column_name === c.name && a.is_dttm === 1));
      const main = firstDttm?.name ?? null;
      if (main !== dataset.main_dttm_col) {
        await trx.updateTable('tables').set({ main_dttm_col: main, changed_on: now }).where('id', '=', dataset.id).execute();
      }
    }
  });
}
