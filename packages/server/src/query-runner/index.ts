export { createMemoryRunner, type MemoryRunnerOptions } from './memory-runner';
export type { QueryJob, QueryJobHandler, QueryRunner } from './runner';
