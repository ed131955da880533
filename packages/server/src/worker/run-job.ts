import { responseBody } from '../chart-data/chart-data-reply';
import { parseQueryContext, runQueryContext } from '../chart-data/run-query-context';
import type { AppContext } from '../context';
import { ErrorType, LumenError, type StructuredError } from '../errors';
import { asyncResultUrl, storeAsyncChartResult } from '../events/chart-data-results';
import { userChannel } from '../events/channels';
import type { AsyncEventInput, EventStream } from '../events/event-stream';
import type { ChartDataJob, JobUser, QueryJob, SqlLabJob } from '../query-runner';
import type { CurrentUser } from '../security/current-user';
import { loadUser } from '../security/load-user';
import { ASYNC_TIME_LIMIT_SECONDS, failQuery, runQuery } from '../sqllab/execute';
import { FINISHED_STATES, loadQueryById } from '../sqllab/query-record';

/**
 * Runs one async job — in the server process (in-memory runner) or in a `lumen worker` (BullMQ) — through
 * the same code the synchronous requests use (runQueryContext, SQL Lab's runQuery), then publishes the
 * outcome to the job's channel. Query errors are answers, not crashes: they become an error event at once.
 * Anything else (metadata store or cache unreachable) is thrown so the queue retries it, unless this is
 * the last attempt, when the error event is published instead.
 */
export interface RunJobOptions {
  ctx: AppContext;
  events: EventStream;
  /** False while the queue will retry a thrown error; the in-process runner never retries. */
  finalAttempt: boolean;
}

/** The message of the error event published when a job's last attempt ends without an answer. */
export const WORKER_STOPPED_MESSAGE = 'The query could not be completed: worker stopped';

export const sqlLabResultUrl = (resultsKey: string): string => `/api/v1/sqllab/results/?q=(key:'${resultsKey}')`;

/** The user a job runs as: re-loaded by id (permissions as of now) or rebuilt from the guest scope. */
export async function resolveJobUser(ctx: Pick<AppContext, 'store'>, user: JobUser): Promise<CurrentUser | null> {
  if (user.id !== null) return loadUser(ctx, user.id);
  if (!user.guest) return null;
  return {
    id: null,
    username: user.username,
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    email: '',
    roles: [],
    permissions: new Set(),
    isAdmin: false,
    guest: user.guest,
  };
}

export function toJobUser(user: CurrentUser): JobUser {
  return {
    id: user.id,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    ...(user.guest ? { guest: user.guest } : {}),
  };
}

const structured = (error: unknown): StructuredError[] =>
  error instanceof LumenError
    ? [error.toStructured()]
    : [{ message: `${WORKER_STOPPED_MESSAGE}: ${error instanceof Error ? error.message : String(error)}`, error_type: ErrorType.GENERIC_BACKEND_ERROR, level: 'error' }];

export async function runAsyncJob(options: RunJobOptions, job: QueryJob, signal: AbortSignal): Promise<void> {
  if (job.type === 'chart_data') return runChartDataJob(options, job, signal);
  return runSqlLabJob(options, job, signal);
}

async function runChartDataJob({ ctx, events, finalAttempt }: RunJobOptions, job: ChartDataJob, signal: AbortSignal): Promise<void> {
  const base = { channel_id: job.channelId, job_id: job.clientId, user_id: job.user.id };
  let event: AsyncEventInput;
  try {
    const user = await resolveJobUser(ctx, job.user);
    const context = parseQueryContext(job.payload.context);
    const results = await runQueryContext({ ctx, cache: ctx.cache, user, context, chartCacheTimeout: job.payload.chartCacheTimeout, signal });
    const body = responseBody(results);
    await storeAsyncChartResult(ctx, job.payload.resultKey, { channelId: job.channelId, datasourceId: context.datasource.id, body });
    event = { ...base, status: 'done', result_url: asyncResultUrl(job.payload.resultKey), errors: [] };
  } catch (error) {
    if (!(error instanceof LumenError) && !finalAttempt) throw error;
    if (!(error instanceof LumenError)) ctx.logger.error({ err: error, jobId: job.clientId }, 'async chart-data job failed');
    event = { ...base, status: 'error', result_url: null, errors: structured(error) };
  }
  await events.publish(job.channelId, event);
}

async function runSqlLabJob({ ctx, events, finalAttempt }: RunJobOptions, job: SqlLabJob, signal: AbortSignal): Promise<void> {
  const row = await loadQueryById(ctx, job.queryId);
  // Guests never reach SQL Lab; a row without a user (deleted since) has nobody to tell.
  const channelId = row?.user_id != null ? userChannel(ctx.config, row.user_id) : null;
  const base = { channel_id: channelId ?? '', job_id: job.clientId, user_id: row?.user_id ?? null };
  let event: AsyncEventInput;
  try {
    const outcome = await runQuery(ctx, job.queryId, signal, ASYNC_TIME_LIMIT_SECONDS);
    event = { ...base, status: 'done', result_url: sqlLabResultUrl(outcome.row.results_key!), errors: [] };
  } catch (error) {
    // runQuery has recorded the failure on the row (failed, timed_out or stopped) and raised a LumenError.
    if (!(error instanceof LumenError) && !finalAttempt) throw error;
    event = { ...base, status: 'error', result_url: null, errors: structured(error) };
  }
  if (channelId) await events.publish(channelId, event);
}

/** Publishes the error event of a job that will not run again (its last attempt died with the worker). */
export async function publishJobAbandoned(ctx: AppContext, events: EventStream, job: QueryJob, reason: string): Promise<void> {
  const errors: StructuredError[] = [{ message: reason.startsWith(WORKER_STOPPED_MESSAGE) ? reason : `${WORKER_STOPPED_MESSAGE} (${reason})`, error_type: ErrorType.GENERIC_BACKEND_ERROR, level: 'error' }];
  if (job.type === 'chart_data') {
    await events.publish(job.channelId, { channel_id: job.channelId, job_id: job.clientId, user_id: job.user.id, status: 'error', result_url: null, errors });
    return;
  }
  const row = await loadQueryById(ctx, job.queryId);
  if (row && !FINISHED_STATES.has(row.status)) await failQuery(ctx, row, new LumenError(500, errors[0]!.message));
  if (row?.user_id == null) return;
  const channelId = userChannel(ctx.config, row.user_id);
  await events.publish(channelId, { channel_id: channelId, job_id: job.clientId, user_id: row.user_id, status: 'error', result_url: null, errors });
}
