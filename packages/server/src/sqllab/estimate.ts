import type { EngineClient } from '../engines';
import { ErrorType, LumenError } from '../errors';
import type { Statement } from './statements';

/**
 * Query cost estimates from each engine's planner (spec 3 §3 "Query cost estimate"): EXPLAIN never runs
 * the statement. One entry per statement, keyed by human labels the editor shows as a table, as the
 * incumbent's query_cost_formatter does.
 */
export type CostEstimate = Record<string, string | number>;

const numberOf = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};

const parseJsonCell = (cell: unknown): unknown => {
  if (typeof cell !== 'string') return cell;
  try {
    return JSON.parse(cell);
  } catch {
    return null;
  }
};

async function estimateOne(client: EngineClient, backend: string, sql: string): Promise<CostEstimate> {
  switch (backend) {
    case 'postgresql': {
      const { rows } = await client.execute(`EXPLAIN (FORMAT JSON) ${sql}`, [], { timeoutMs: 30_000 });
      const doc = parseJsonCell(rows[0]?.[0]) as { Plan?: Record<string, unknown> }[] | null;
      const plan = Array.isArray(doc) ? doc[0]?.Plan : undefined;
      if (!plan) return {};
      return { 'Start-up cost': numberOf(plan['Startup Cost']) ?? 0, 'Total cost': numberOf(plan['Total Cost']) ?? 0, 'Plan rows': numberOf(plan['Plan Rows']) ?? 0 };
    }
    case 'mysql':
    case 'mariadb': {
      const { rows } = await client.execute(`EXPLAIN FORMAT=JSON ${sql}`, [], { timeoutMs: 30_000 });
      const doc = parseJsonCell(rows[0]?.[0]) as { query_block?: { cost_info?: { query_cost?: unknown } } } | null;
      return { 'Query cost': numberOf(doc?.query_block?.cost_info?.query_cost) ?? 0 };
    }
    case 'sqlite': {
      const { rows } = await client.execute(`EXPLAIN QUERY PLAN ${sql}`, [], { timeoutMs: 30_000 });
      return { 'Query plan': rows.map((row) => String(row[row.length - 1])).join('; ') };
    }
    default: {
      // DuckDB: the physical plan as text; the root operator's estimated cardinality comes first.
      const { rows } = await client.execute(`EXPLAIN ${sql}`, [], { timeoutMs: 30_000 });
      const plan = rows.map((row) => String(row[row.length - 1] ?? '')).join('\n');
      const match = /~\s*([\d,]+)\s*rows?|EC:\s*([\d,]+)/i.exec(plan);
      const estimate = match ? Number((match[1] ?? match[2])!.replace(/,/g, '')) : null;
      const operator = /│\s*([A-Z_][A-Z_ ]*[A-Z_])\s*│/.exec(plan)?.[1] ?? null;
      return { ...(operator ? { Operator: operator } : {}), 'Estimated rows': estimate ?? 'unknown' };
    }
  }
}

/**
 * Estimates every statement; statements the planner cannot explain (SET, SHOW, ...) are reported as such.
 *
 * @example
 * await estimateCost(client, 'postgresql', statements); // [{'Start-up cost': 0, 'Total cost': 35.5, 'Plan rows': 2550}]
 */
export async function estimateCost(client: EngineClient, backend: string, statements: Statement[]): Promise<CostEstimate[]> {
  const out: CostEstimate[] = [];
  for (const statement of statements) {
    if (statement.kind !== 'select' && statement.kind !== 'dml' && !(statement.kind === 'read' && ['VALUES', 'TABLE'].includes(statement.keyword))) {
      out.push({ Statement: `${statement.keyword} statements have no cost estimate` });
      continue;
    }
    try {
      out.push(await estimateOne(client, backend, statement.text));
    } catch (error) {
      if (error instanceof LumenError) throw error;
      throw new LumenError(422, `Unable to estimate the query cost: ${error instanceof Error ? error.message : String(error)}`, ErrorType.GENERIC_DB_ENGINE_ERROR);
    }
  }
  return out;
}
