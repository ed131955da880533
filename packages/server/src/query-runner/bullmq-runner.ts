import { Queue } from 'bullmq';
import type { QueryJob, QueryRunner } from './runner';

/** The one queue every server enqueues to and every `lumen worker` consumes. */
export const ASYNC_QUEUE_NAME = 'lumen-async';

export interface BullRunnerOptions {
  redisUrl: string;
  /** Key prefix (config.asyncPrefix); the queue lives under `{prefix}:bull`. */
  prefix: string;
}

/**
 * Retries cover a worker that dies mid-job (the stalled-job checker puts it back in the queue) and
 * infrastructure failures; query errors are answered by an error event at once (see worker/run-job.ts).
 */
export const JOB_ATTEMPTS = 3;
export const JOB_BACKOFF = { type: 'exponential', delay: 1000 } as const;

export const bullPrefix = (prefix: string): string => `${prefix}:bull`;

/**
 * BullMQ ids may not contain ':' and may not look like integers; prefixing with the job type rules out
 * both and keeps a SQL Lab client id and a chart-data uuid from ever colliding.
 */
export const bullJobId = (job: Pick<QueryJob, 'type' | 'clientId'>): string =>
  `${job.type ?? 'sqllab'}-${job.clientId.replace(/:/g, '_')}`;

/**
 * The scale-out QueryRunner: jobs go to a BullMQ queue on Redis and `lumen worker` processes run them, so
 * a server never runs async queries itself and any number of servers and workers share the load. The
 * jobs are the same plain data the in-process runner gets.
 *
 * @example
 * const runner = createBullRunner({ redisUrl: 'redis://127.0.0.1:6379', prefix: 'lumen' });
 * await runner.submit({ type: 'sqllab', queryId: 1, clientId: 'abc' });
 */
export function createBullRunner(options: BullRunnerOptions): QueryRunner {
  const queue = new Queue<QueryJob>(ASYNC_QUEUE_NAME, {
    connection: { url: options.redisUrl, maxRetriesPerRequest: null },
    prefix: bullPrefix(options.prefix),
    defaultJobOptions: {
      attempts: JOB_ATTEMPTS,
      backoff: JOB_BACKOFF,
      // Results live in the cache and outcomes in the event stream: the queue keeps little history.
      removeOnComplete: { age: 3600, count: 1000 },
      removeOnFail: { age: 86_400, count: 1000 },
    },
  });
  let closed = false;
  // Without a listener an unreachable Redis would crash the process with an unhandled 'error' event.
  queue.on('error', () => undefined);
  return {
    kind: 'bullmq',
    async submit(job) {
      if (closed) throw new Error('The query runner is closed');
      await queue.add(job.type ?? 'sqllab', job, { jobId: bullJobId(job) });
    },
    async cancel(clientId) {
      for (const type of ['sqllab', 'chart_data'] as const) {
        const job = await queue.getJob(bullJobId({ type, clientId }));
        if (!job) continue;
        // A job a worker is already running is not ours to abort: SQL Lab's stop broadcasts it to the
        // worker (sqllab/stop-broadcast.ts).
        const state = await job.getState();
        if (state === 'waiting' || state === 'delayed' || state === 'prioritized') {
          await job.remove().catch(() => undefined);
          return true;
        }
        return false;
      }
      return false;
    },
    // Counts live in Redis; this process runs nothing itself.
    stats: () => ({ queued: 0, running: 0 }),
    async close() {
      if (closed) return;
      closed = true;
      await queue.close();
    },
  };
}
