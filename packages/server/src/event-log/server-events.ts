import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { nowIso } from '../metadata/connect';
import { idOf, insertLogRows, type LogRow } from './log-events';

/**
 * Events the server records itself, in the spirit of the incumbent's log_this decorator, so Recents work
 * even for clients that never post events:
 * - `dashboard`: GET /api/v1/dashboard/{id_or_slug} answered 200 (the dashboard was opened);
 * - `explore`: POST /api/v1/chart/data for a saved chart (form_data slice_id) outside a dashboard;
 * - `ChartRestApi.data`: the same inside a dashboard (dashboard_id in the query string).
 * Rows are buffered and written in one insert per second (or per 200 rows), never on the request's path.
 */
export const SERVER_LOG_FLUSH_MS = 1000;
const SERVER_LOG_MAX_BUFFER = 200;

export interface ServerEventLog {
  record(row: Omit<LogRow, 'dttm'> & { dttm?: string }): void;
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function createServerEventLog(ctx: Pick<AppContext, 'store' | 'logger'>): ServerEventLog {
  let buffer: LogRow[] = [];
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  const flush = async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (buffer.length === 0) return;
    const rows = buffer;
    buffer = [];
    await insertLogRows(ctx, rows).catch((error: unknown) => ctx.logger.warn({ err: error, rows: rows.length }, 'event log write failed'));
  };
  return {
    record(row) {
      if (closed) return;
      buffer.push({ ...row, dttm: row.dttm ?? nowIso() });
      if (buffer.length >= SERVER_LOG_MAX_BUFFER) void flush();
      else timer ??= setTimeout(() => void flush(), SERVER_LOG_FLUSH_MS);
    },
    flush,
    async close() {
      closed = true;
      await flush();
    },
  };
}

const referrerOf = (request: FastifyRequest) => (typeof request.headers.referer === 'string' ? request.headers.referer.slice(0, 1024) : null);

function formDataSliceId(raw: unknown): number | null {
  if (typeof raw !== 'string') return null;
  try {
    return idOf((JSON.parse(raw) as { slice_id?: unknown }).slice_id);
  } catch {
    return null;
  }
}

/** Watches responses for the events above; registered on the root so it sees every route. */
export function recordServerEvents(app: FastifyInstance, log: ServerEventLog): void {
  const ctx = app.lumen;
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 300 || !request.user) return;
    const route = request.routeOptions.url;
    const user = request.user;
    const json = JSON.stringify({ path: request.url.split('?')[0], ...(user.guest ? { guest_username: user.username } : {}) });
    const common = { user_id: user.id, json, duration_ms: Math.round(reply.elapsedTime), referrer: referrerOf(request) };
    if (route === '/api/v1/dashboard/:pk' && request.method === 'GET') {
      const pk = (request.params as { pk?: string }).pk ?? '';
      let dashboardId = idOf(pk);
      if (dashboardId === null) {
        const row = await ctx.store.db.selectFrom('dashboards').select('id').where('slug', '=', pk).executeTakeFirst().catch(() => undefined);
        dashboardId = row?.id ?? null;
      }
      if (dashboardId !== null) log.record({ ...common, action: 'dashboard', dashboard_id: dashboardId, slice_id: null });
      return;
    }
    if (route === '/api/v1/chart/data' && request.method === 'POST') {
      const query = request.query as { form_data?: string; dashboard_id?: string };
      const sliceId = formDataSliceId(query.form_data);
      if (sliceId === null) return;
      const dashboardId = idOf(query.dashboard_id);
      log.record({ ...common, action: dashboardId ? 'ChartRestApi.data' : 'explore', dashboard_id: dashboardId, slice_id: sliceId });
    }
  });
}
