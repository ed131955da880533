/**
 * The contract between SQL Lab and whatever runs its asynchronous queries. A job is plain data (so a queue
 * such as BullMQ on Redis can carry it to a worker process later); the code that runs it is the handler
 * given to the runner when it is created. Cancellation is by query client id: the runner drops a queued
 * job or aborts the signal of a running one, and the handler turns the abort into an engine cancel.
 */
export interface QueryJob {
  /** `query.id` of the row to run. */
  queryId: number;
  /** `query.client_id`, the key /api/v1/query/stop uses. */
  clientId: string;
}

/** Runs one job; must settle when `signal` aborts (engine clients cancel the statement on abort). */
export type QueryJobHandler = (job: QueryJob, signal: AbortSignal) => Promise<void>;

export interface QueryRunner {
  /** Queues a job; it starts when a slot is free. */
  submit(job: QueryJob): void;
  /**
   * Cancels a queued or running job. Resolves true when this runner knew the job (it will not run, or its
   * signal was aborted), false when it did not.
   */
  cancel(clientId: string): Promise<boolean>;
  /** Jobs waiting and running, for health output and tests. */
  stats(): { queued: number; running: number };
  /** Aborts everything and stops accepting jobs. */
  close(): Promise<void>;
}
