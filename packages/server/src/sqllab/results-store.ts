import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context';

/**
 * SQL Lab's results backend: a finished query's response payload, serialised once, kept under its
 * results_key in the app cache (memory by default, Redis when configured, so another server process can
 * serve GET /api/v1/sqllab/results/). Entries expire after a day (spec 3 §9: 864e5 ms); the query row keeps
 * the key, so an expired entry is told apart from an unknown one (410 vs 404).
 */
export const RESULTS_TTL_SECONDS = 86_400;
const PREFIX = 'sqllab_results:';

export const newResultsKey = (): string => randomUUID();

export async function storeResults(ctx: AppContext, key: string, payload: Buffer): Promise<void> {
  await ctx.cache.set(PREFIX + key, payload, RESULTS_TTL_SECONDS);
}

export async function readResults(ctx: AppContext, key: string): Promise<Buffer | null> {
  return ctx.cache.get(PREFIX + key);
}

export async function deleteResults(ctx: AppContext, key: string): Promise<void> {
  await ctx.cache.delete(PREFIX + key);
}
