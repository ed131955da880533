import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { badRequest, unauthorized } from '../errors';
import { getAsyncState } from './async-state';
import { channelForRequest } from './channels';
import { isStreamId, READ_LIMIT } from './event-stream';

/** How often a WebSocket re-reads a stream that cannot push; the same cadence clients poll at. */
export const WS_POLL_MS = 500;
/**
 * Streams that push (memory, Redis pub/sub) are still re-read this often: a notification lost while Redis
 * reconnects then costs two seconds, not an event.
 */
export const WS_SAFETY_REREAD_MS = 2000;
export const ASYNC_EVENT_WS_PATH = '/api/v1/async_event/ws';

function lastIdOf(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !isStreamId(value)) throw badRequest("last_id must be an event id such as '1700000000000-0'");
  return value;
}

/** A browser sends Origin on a WebSocket handshake; cookies ride along, so refuse other sites (CSWSH). */
function crossSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin || origin === 'null' || request.headers.authorization || request.headers['x-guesttoken']) return false;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true;
  }
}

/**
 * GET /api/v1/async_event/?last_id= (polling, spec 1 §4) and the WebSocket at /api/v1/async_event/ws?last_id=
 * (same events, pushed). Both read only the caller's own channel.
 */
export async function registerAsyncEventRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.lumen;

  app.get<{ Querystring: { last_id?: string } }>('/api/v1/async_event/', { config: { allowGuest: true } }, async (request) => {
    const lastId = lastIdOf(request.query.last_id);
    const channelId = channelForRequest(ctx.config, request);
    if (!channelId) throw unauthorized();
    return { result: await getAsyncState(ctx).events.read(channelId, lastId, READ_LIMIT) };
  });

  app.get<{ Querystring: { last_id?: string } }>(
    ASYNC_EVENT_WS_PATH,
    { websocket: true, config: { allowGuest: true } },
    (socket: WebSocket, request) => {
      const channelId = channelForRequest(ctx.config, request);
      let cursor: string | null;
      try {
        cursor = lastIdOf(request.query.last_id);
      } catch {
        socket.close(1008, 'invalid last_id');
        return;
      }
      if (!channelId || crossSite(request)) {
        socket.close(1008, 'not authorized');
        return;
      }
      const { events } = getAsyncState(ctx);
      let running: Promise<void> | null = null;
      let again = false;
      // One read at a time: a push arriving during a read re-reads afterwards, so nothing is sent twice.
      const flush = (): void => {
        if (running) {
          again = true;
          return;
        }
        running = (async () => {
          do {
            again = false;
            const batch = await events.read(channelId, cursor, READ_LIMIT);
            for (const event of batch) {
              if (socket.readyState !== socket.OPEN) return;
              socket.send(JSON.stringify(event));
              cursor = event.id;
            }
            if (batch.length === READ_LIMIT) again = true;
          } while (again);
        })()
          .catch((error: unknown) => request.log.warn({ err: error }, 'async event push failed'))
          .finally(() => {
            running = null;
          });
      };
      const unsubscribe = events.subscribe?.(channelId, flush);
      const timer = setInterval(flush, events.subscribe ? WS_SAFETY_REREAD_MS : WS_POLL_MS);
      socket.on('close', () => {
        clearInterval(timer);
        unsubscribe?.();
      });
      socket.on('message', () => {
        // Clients have nothing to say; any message is a keep-alive.
      });
      flush();
    },
  );
}
