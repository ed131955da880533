import { getEngineSpec } from '../engines';
import { LumenError } from '../errors';
import type { AnyTrx, Json } from '../resources/definition';
import { checkExpression } from '../sql-parsing/expression-guard';
import type { FragmentKind } from '../sql-parsing/expression-policy';

/**
 * Checks the SQL an admin writes into a dataset (calculated columns, metrics, fetch_values_predicate) with
 * the engine's parser when it is saved, so a broken or forbidden expression is refused where it is written
 * (400 naming the column or metric) instead of failing every chart later. Every query checks them again.
 * Runs inside the write's transaction, after the children are replaced: a refusal rolls everything back.
 */
export async function assertDatasetExpressions(trx: AnyTrx, datasetId: number, input: Json): Promise<void> {
  const written = writtenExpressions(input);
  if (!written.length) return;
  const dataset = await trx.selectFrom('tables').select(['database_id']).where('id', '=', datasetId).executeTakeFirstOrThrow();
  const database = await trx.selectFrom('dbs').select('backend').where('id', '=', dataset.database_id as number).executeTakeFirstOrThrow();
  const engine = getEngineSpec(database.backend as string).engine;
  const names = await trx.selectFrom('table_columns').select('column_name').where('table_id', '=', datasetId).execute();
  const columns = new Set(names.map((c) => String(c.column_name).toLowerCase()));
  for (const { where, kind, sql } of written) {
    try {
      await checkExpression(engine, sql, { kind, columns });
    } catch (error) {
      if (error instanceof LumenError) throw new LumenError(400, `${where}: ${error.message}`, error.errorType, error.extra);
      throw error;
    }
  }
}

function writtenExpressions(input: Json): { where: string; kind: FragmentKind; sql: string }[] {
  const out: { where: string; kind: FragmentKind; sql: string }[] = [];
  const add = (where: string, kind: FragmentKind, value: unknown) => {
    if (typeof value === 'string' && value.trim()) out.push({ where, kind, sql: value.trim() });
  };
  for (const column of (Array.isArray(input.columns) ? input.columns : []) as Json[]) add(`Column '${String(column.column_name)}'`, 'column', column.expression);
  for (const metric of (Array.isArray(input.metrics) ? input.metrics : []) as Json[]) add(`Metric '${String(metric.metric_name)}'`, 'metric', metric.expression);
  add('fetch_values_predicate', 'where', input.fetch_values_predicate);
  return out;
}
