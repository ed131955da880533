import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerLogRoutes } from './log-routes';
import { registerRecentActivityRoute } from './recent-activity';
import { createServerEventLog, recordServerEvents } from './server-events';

async function eventLog(app: FastifyInstance): Promise<void> {
  const log = createServerEventLog(app.lumen);
  recordServerEvents(app, log);
  app.addHook('onClose', async () => log.close());
  await registerLogRoutes(app);
  await registerRecentActivityRoute(app);
}

/**
 * The event log: client event batches, the admin list, recent activity and the events the server records
 * itself. Not encapsulated, so its onResponse hook sees every route.
 */
export const registerEventLog = fp(eventLog, { name: 'lumen-event-log', dependencies: ['lumen-security'] });
