import { type Job, Worker } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { LumenConfig } from '../config';
import { getAsyncState } from '../events/async-state';
import { openMetadataStore } from '../metadata/connect';
import { migrateToLatest } from '../metadata/migrate';
import { ASYNC_QUEUE_NAME, bullPrefix, JOB_ATTEMPTS, type QueryJob } from '../query-runner';
import { resolveSecretKey } from '../secret-key';
import { getSqlLabState } from '../sqllab/state';
import { publishJobAbandoned, runAsyncJob, WORKER_STOPPED_MESSAGE } from './run-job';

/**
 * `lumen worker`: consumes the BullMQ queue the servers fill when LUMEN_REDIS_URL is set, runs each job
 * through the same code as the servers (runQueryContext, SQL Lab's runQuery), stores results in the
 * shared cache and publishes the event to the user's channel.
 *
 * A worker killed mid-job loses nothing: its lock stops being renewed, another worker's stalled-job check
 * puts the job back in the queue and it runs again. `attemptsStarted` counts every start (retries after an
 * error and restarts after a crash alike); once it passes JOB_ATTEMPTS the job is not run again and the
 * user gets an error event instead of waiting forever.
 */
export interface WorkerTimings {
  /** How long a job's lock lasts without renewal (renewed every half); a dead worker's jobs wait this long. */
  lockMs: number;
  /** How often this worker looks for jobs whose worker died. */
  stalledIntervalMs: number;
}

export function workerTimings(env: NodeJS.ProcessEnv = process.env): WorkerTimings {
  const int = (name: string, fallback: number) => {
    const value = Number(env[name] ?? '');
    return Number.isInteger(value) && value >= 100 ? value : fallback;
  };
  return { lockMs: int('LUMEN_WORKER_LOCK_MS', 30_000), stalledIntervalMs: int('LUMEN_WORKER_STALLED_MS', 30_000) };
}

export interface RunningWorker {
  app: FastifyInstance;
  worker: Worker<QueryJob>;
  /** Stops taking jobs, waits up to `graceMs` for running ones, then closes everything. */
  close(graceMs?: number): Promise<void>;
}

export async function startWorker(input: LumenConfig, timings: WorkerTimings = workerTimings()): Promise<RunningWorker> {
  if (!input.redisUrl) throw new Error('lumen worker needs LUMEN_REDIS_URL: without Redis, servers run async jobs themselves');
  const config = { ...input, secretKey: resolveSecretKey(input).key, loadExamples: false };
  const redisUrl = input.redisUrl;
  const store = openMetadataStore(config.metadataUrl);
  await migrateToLatest(store, config);
  // The whole app without listening: the same context, engines, guest checks and cache as a server.
  const app = await buildApp({ config, store });
  await app.ready();
  const ctx = app.lumen;
  const { events } = getAsyncState(ctx);
  const controllers = new Set<AbortController>();
  const sqlLab = getSqlLabState(ctx);

  const processor = async (job: Job<QueryJob>) => {
    if (job.attemptsStarted > JOB_ATTEMPTS) {
      await publishJobAbandoned(ctx, events, job.data, `${WORKER_STOPPED_MESSAGE} (${job.attemptsStarted - 1} attempts)`);
      return;
    }
    const controller = new AbortController();
    controllers.add(controller);
    // Registered like a server's synchronous query, so a stop broadcast from any server aborts it here.
    const sqlLabClientId = job.data.type === 'chart_data' ? null : job.data.clientId;
    if (sqlLabClientId) sqlLab.active.set(sqlLabClientId, controller);
    try {
      await runAsyncJob({ ctx, events, finalAttempt: job.attemptsStarted >= JOB_ATTEMPTS }, job.data, controller.signal);
    } finally {
      controllers.delete(controller);
      if (sqlLabClientId && sqlLab.active.get(sqlLabClientId) === controller) sqlLab.active.delete(sqlLabClientId);
    }
  };

  const worker = new Worker<QueryJob>(ASYNC_QUEUE_NAME, processor, {
    connection: { url: redisUrl, maxRetriesPerRequest: null },
    prefix: bullPrefix(config.asyncPrefix),
    concurrency: config.workerConcurrency,
    lockDuration: timings.lockMs,
    stalledInterval: timings.stalledIntervalMs,
    // Restarts after a crash are bounded by attemptsStarted above, not by BullMQ's stalled limit (which
    // would fail the job without telling anyone).
    maxStalledCount: JOB_ATTEMPTS,
  });
  worker.on('error', (error) => app.log.error({ err: error }, 'worker queue error'));
  worker.on('failed', (job, error) => app.log.warn({ err: error, jobId: job?.id, attempts: job?.attemptsStarted }, 'async job attempt failed; it will be retried'));
  await worker.waitUntilReady();

  let closing: Promise<void> | null = null;
  return {
    app,
    worker,
    close(graceMs = 10_000) {
      closing ??= (async () => {
        const grace = setTimeout(() => controllers.forEach((c) => c.abort()), graceMs);
        try {
          await worker.close();
        } finally {
          clearTimeout(grace);
          await app.close();
          await store.close();
        }
      })();
      return closing;
    },
  };
}
