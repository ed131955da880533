import type { ColumnarResult, EngineClient, ExecuteOptions } from './types';

/**
 * Runs a statement and answers its result column by column: through the engine's own executeColumns when
 * it has one (DuckDB reads its chunks by column), else by transposing execute's rows.
 *
 * @example
 * const { columns, values } = await executeColumns(client, 'SELECT 1 AS one', [], { maxRows: 10 });
 */
export async function executeColumns(client: EngineClient, sql: string, params: unknown[] = [], options: ExecuteOptions = {}): Promise<ColumnarResult> {
  if (client.executeColumns) return client.executeColumns(sql, params, options);
  const result = await client.execute(sql, params, options);
  const width = result.columns.length;
  const values: unknown[][] = Array.from({ length: width }, () => new Array(result.rows.length));
  for (let r = 0; r < result.rows.length; r++) {
    const row = result.rows[r]!;
    for (let c = 0; c < width; c++) values[c]![r] = row[c];
  }
  return { columns: result.columns, values, rowcount: result.rows.length };
}
