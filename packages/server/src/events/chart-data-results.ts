import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context';

/**
 * Results of async chart-data jobs, kept in the app cache (Redis when configured, so the server that
 * answers GET {result_url} need not be the process that ran the query). The entry remembers whose result
 * it is (the channel) and which dataset it read, so the GET can refuse other callers and re-check access.
 */
export const ASYNC_RESULT_TTL_SECONDS = 86_400;
const PREFIX = 'chart_data_async:';

export const newAsyncResultKey = (): string => randomUUID().replace(/-/g, '');

export const asyncResultUrl = (key: string): string => `/api/v1/chart/data/${key}`;

export interface AsyncChartResult {
  channelId: string;
  datasourceId: number;
  /** The exact bytes the synchronous 200 response would carry: {"result":[...]}. */
  body: Buffer;
}

export async function storeAsyncChartResult(ctx: Pick<AppContext, 'cache'>, key: string, result: AsyncChartResult): Promise<void> {
  // A one-line header before the body, so the body is stored and served without re-encoding.
  const header = Buffer.from(`${JSON.stringify({ channelId: result.channelId, datasourceId: result.datasourceId })}\n`);
  await ctx.cache.set(PREFIX + key, Buffer.concat([header, result.body]), ASYNC_RESULT_TTL_SECONDS);
}

export async function readAsyncChartResult(ctx: Pick<AppContext, 'cache'>, key: string): Promise<AsyncChartResult | null> {
  if (!/^[0-9a-f]{32}$/.test(key)) return null;
  const bytes = await ctx.cache.get(PREFIX + key);
  if (!bytes) return null;
  const newline = bytes.indexOf(10);
  if (newline < 0) return null;
  const header = JSON.parse(bytes.subarray(0, newline).toString('utf8')) as { channelId: string; datasourceId: number };
  return { channelId: header.channelId, datasourceId: header.datasourceId, body: bytes.subarray(newline + 1) };
}
