import type { FastifyInstance } from 'fastify';
import { createMemoryRunner } from '../query-runner';
import { ASYNC_TIME_LIMIT_SECONDS, runQuery } from './execute';
import { registerExecuteRoutes } from './execute-routes';
import { registerPermalinkRoutes } from './permalink-routes';
import { registerQueryRoutes } from './query-routes';
import { getSqlLabState, setSqlLabState } from './state';
import { registerTabStateRoutes } from './tab-state-routes';
import { registerToolRoutes } from './tools-routes';

/** Async SQL Lab queries running at once in this process; more wait in the runner's queue. */
const ASYNC_CONCURRENCY = 4;

/**
 * SQL Lab's server side: execute (sync and async through the query runner), results, stop and history,
 * format/estimate/validate, tab persistence and permalinks.
 */
export async function registerSqlLabRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.lumen;
  const runner = createMemoryRunner(
    async (job, signal) => {
      // runQuery records failures on the row itself; nothing else is waiting for the outcome.
      await runQuery(ctx, job.queryId, signal, ASYNC_TIME_LIMIT_SECONDS).catch(() => undefined);
    },
    { concurrency: ASYNC_CONCURRENCY, onError: (error, job) => ctx.logger.error({ err: error, queryId: job.queryId }, 'async SQL Lab query failed') },
  );
  setSqlLabState(ctx, { runner, active: new Map() });
  app.addHook('onClose', async () => {
    const state = getSqlLabState(ctx);
    for (const controller of state.active.values()) controller.abort();
    await state.runner.close();
  });

  await app.register(registerExecuteRoutes);
  await app.register(registerQueryRoutes);
  await app.register(registerToolRoutes);
  await app.register(registerTabStateRoutes);
  await app.register(registerPermalinkRoutes);
}
