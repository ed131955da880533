export { createMemoryRunner, type MemoryRunnerOptions } from './memory-runner';
export { ASYNC_QUEUE_NAME, bullJobId, bullPrefix, createBullRunner, JOB_ATTEMPTS, JOB_BACKOFF, type BullRunnerOptions } from './bullmq-runner';
export type { ChartDataJob, JobUser, QueryJob, QueryJobHandler, QueryRunner, SqlLabJob } from './runner';
