import type { FastifyInstance } from 'fastify';
import { getAsyncState } from '../events/async-state';
import { registerExecuteRoutes } from './execute-routes';
import { registerPermalinkRoutes } from './permalink-routes';
import { registerQueryRoutes } from './query-routes';
import { cancelLocally, getSqlLabState, setSqlLabState } from './state';
import { startStopBroadcast } from './stop-broadcast';
import { registerTabStateRoutes } from './tab-state-routes';
import { registerToolRoutes } from './tools-routes';

/**
 * SQL Lab's server side: execute (sync and async through the query runner), results, stop and history,
 * format/estimate/validate, tab persistence and permalinks.
 */
export async function registerSqlLabRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.lumen;
  // The app's shared async runner (events/async-state.ts): in process, or BullMQ and `lumen worker` with
  // Redis. Its handler runs the query and publishes the outcome to the user's async event channel.
  const runner = getAsyncState(ctx).runner;
  const { redisUrl, asyncPrefix } = ctx.config;
  const stopBroadcast = redisUrl
    ? await startStopBroadcast({
        redisUrl,
        prefix: asyncPrefix,
        onStop: (clientId) => cancelLocally(ctx, clientId),
        onError: (error) => app.log.warn({ err: error }, 'SQL Lab stop broadcast error'),
      })
    : undefined;
  setSqlLabState(ctx, { runner, active: new Map(), stopBroadcast });
  // preClose runs before Fastify waits for in-flight requests: a synchronous query still running would
  // otherwise hold the shutdown until it finished.
  app.addHook('preClose', async () => {
    for (const controller of getSqlLabState(ctx).active.values()) controller.abort();
  });
  app.addHook('onClose', async () => {
    const state = getSqlLabState(ctx);
    for (const controller of state.active.values()) controller.abort();
    await state.stopBroadcast?.close();
    await state.runner.close();
  });

  await app.register(registerExecuteRoutes);
  await app.register(registerQueryRoutes);
  await app.register(registerToolRoutes);
  await app.register(registerTabStateRoutes);
  await app.register(registerPermalinkRoutes);
}
