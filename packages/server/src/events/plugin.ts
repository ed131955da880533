import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerAsyncChartDataResultRoute } from './chart-data-result-route';
import { closeAsyncState, createAsyncState } from './async-state';
import { registerAsyncEventRoutes } from './routes';

async function asyncEvents(app: FastifyInstance): Promise<void> {
  createAsyncState(app.lumen);
  // Jobs still running in this process are aborted when the app closes (workers finish theirs).
  app.addHook('onClose', async () => closeAsyncState(app.lumen));
  // Small frames only: clients never send anything but keep-alives.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await registerAsyncEventRoutes(app);
  await registerAsyncChartDataResultRoute(app);
}

/**
 * Async queries and their events: the shared runner (memory or BullMQ), the event stream (memory or
 * Redis), GET /api/v1/async_event/, the WebSocket and GET /api/v1/chart/data/{cache_key}. Registered
 * before SQL Lab and chart data, which submit to the runner. Not encapsulated, so `injectWS` reaches tests.
 */
export const registerAsyncEvents = fp(asyncEvents, { name: 'lumen-async-events', dependencies: ['lumen-security'] });
