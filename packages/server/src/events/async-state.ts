import type { AppContext } from '../context';
import { createBullRunner, createMemoryRunner, type QueryRunner } from '../query-runner';
import { runAsyncJob } from '../worker/run-job';
import type { EventStream } from './event-stream';
import { createMemoryEventStream } from './memory-event-stream';
import { createRedisEventStream } from './redis-event-stream';

/**
 * The async machinery of one app: the event stream and the query runner shared by SQL Lab and async
 * chart data. In memory by default (jobs run in this process); with config.redisUrl, events go to Redis
 * Streams and jobs to the BullMQ queue that `lumen worker` processes consume. Kept per AppContext (not in
 * module globals) so two apps in one process (tests) never share jobs or events.
 */
export interface AsyncState {
  events: EventStream;
  runner: QueryRunner;
}

/** Async jobs running at once in a server process that runs them itself (no Redis). */
export const IN_PROCESS_CONCURRENCY = 4;

const states = new WeakMap<AppContext, AsyncState>();

export function createAsyncState(ctx: AppContext): AsyncState {
  const { config } = ctx;
  const events = config.redisUrl ? createRedisEventStream({ redisUrl: config.redisUrl, prefix: config.asyncPrefix }) : createMemoryEventStream();
  const runner = config.redisUrl
    ? createBullRunner({ redisUrl: config.redisUrl, prefix: config.asyncPrefix })
    : createMemoryRunner((job, signal) => runAsyncJob({ ctx, events, finalAttempt: true }, job, signal), {
        concurrency: IN_PROCESS_CONCURRENCY,
        onError: (error, job) => ctx.logger.error({ err: error, jobId: job.clientId }, 'async job failed'),
      });
  const state = { events, runner };
  states.set(ctx, state);
  return state;
}

export function getAsyncState(ctx: AppContext): AsyncState {
  const state = states.get(ctx);
  if (!state) throw new Error('Async events are not registered on this app');
  return state;
}

/** Closes the runner and the stream once, whoever asks first (the app's onClose or a worker's shutdown). */
export async function closeAsyncState(ctx: AppContext): Promise<void> {
  const state = states.get(ctx);
  if (!state) return;
  states.delete(ctx);
  await state.runner.close();
  await state.events.close();
}
