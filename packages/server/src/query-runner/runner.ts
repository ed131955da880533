import type { GuestScope } from '../security/current-user';

/**
 * The contract between the routes that start asynchronous work (SQL Lab, async chart data) and whatever
 * runs it. A job is plain, JSON-serialisable data, so the in-process runner and a queue on Redis (BullMQ,
 * consumed by `lumen worker` processes) carry the same thing; the code that runs it is the handler given
 * to the runner (in-process) or to the worker. Cancellation is by `clientId`: the runner drops a queued
 * job or aborts the signal of a running one, and the handler turns the abort into an engine cancel.
 */

/** Who a job runs as. Users are re-loaded by id when the job starts (roles may have changed since). */
export interface JobUser {
  /** Database id; null for guest-token viewers. */
  id: number | null;
  username: string;
  first_name?: string;
  last_name?: string;
  /** Guest viewers: the scope their token granted (dashboard ids and RLS), already resolved. */
  guest?: GuestScope;
}

/** A SQL Lab query row to run (created by POST /api/v1/sqllab/execute/ with runAsync). */
export interface SqlLabJob {
  type?: 'sqllab';
  /** `query.id` of the row to run. */
  queryId: number;
  /** `query.client_id`, the key /api/v1/query/stop uses; also the job id of its events. */
  clientId: string;
}

/** An async chart-data request (POST /api/v1/chart/data with GlobalAsyncQueries). */
export interface ChartDataJob {
  type: 'chart_data';
  /** The job id (uuid) announced in the 202 response. */
  clientId: string;
  user: JobUser;
  /** The async event channel the outcome is published to. */
  channelId: string;
  payload: {
    /** The validated query context (QueryContextInput). */
    context: Record<string, unknown>;
    chartCacheTimeout: number | null;
    /** Where the result is stored and what result_url names. */
    resultKey: string;
  };
}

export type QueryJob = SqlLabJob | ChartDataJob;

/** Runs one job; must settle when `signal` aborts (engine clients cancel the statement on abort). */
export type QueryJobHandler = (job: QueryJob, signal: AbortSignal) => Promise<void>;

export interface QueryRunner {
  /** Which implementation runs the jobs (health output and tests). */
  readonly kind?: 'memory' | 'bullmq';
  /**
   * Queues a job; it starts when a slot is free. Queue-backed runners resolve once the job is stored, so
   * the caller can answer 202 knowing the job will not be lost.
   */
  submit(job: QueryJob): void | Promise<void>;
  /**
   * Cancels a queued or running job. Resolves true when this runner knew the job (it will not run, or its
   * signal was aborted), false when it did not.
   */
  cancel(clientId: string): Promise<boolean>;
  /** Jobs waiting and running, for health output and tests. */
  stats(): { queued: number; running: number };
  /** Aborts everything this process runs and stops accepting jobs. Safe to call twice. */
  close(): Promise<void>;
}
