import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { assertDatasetAccess } from '../chart-data/access';
import type { QueryContextInput } from '../chart-data/run-query-context';
import type { AppContext } from '../context';
import { unauthorized } from '../errors';
import type { ChartDataJob } from '../query-runner';
import { toJobUser } from '../worker/run-job';
import { getAsyncState } from './async-state';
import { asyncResultUrl, newAsyncResultKey } from './chart-data-results';
import { channelForRequest } from './channels';

/** The 202 body of an async chart-data request (the incumbent's async job metadata). */
export interface AsyncJobMetadata {
  channel_id: string;
  job_id: string;
  user_id: number | null;
  status: 'pending';
  errors: [];
  result_url: string;
}

/**
 * Queues a chart-data query context for the caller and answers with the job metadata. Access is checked
 * here too, so a refused request is a 403 now rather than an error event later; the job re-checks it when
 * it runs (and GET {result_url} once more).
 */
export async function submitChartDataJob(
  ctx: AppContext,
  request: FastifyRequest,
  context: QueryContextInput,
  chartCacheTimeout: number | null,
): Promise<AsyncJobMetadata> {
  const user = await assertDatasetAccess(ctx, request.user, context.datasource.id);
  const channelId = channelForRequest(ctx.config, request, user);
  if (!channelId) throw unauthorized();
  const resultKey = newAsyncResultKey();
  const job: ChartDataJob = {
    type: 'chart_data',
    clientId: randomUUID(),
    user: toJobUser(user),
    channelId,
    payload: { context: context as unknown as Record<string, unknown>, chartCacheTimeout, resultKey },
  };
  await getAsyncState(ctx).runner.submit(job);
  return { channel_id: channelId, job_id: job.clientId, user_id: user.id, status: 'pending', errors: [], result_url: asyncResultUrl(resultKey) };
}
