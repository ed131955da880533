import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticateGuest } from '../embedding/guest-access';
import { badRequest, forbidden, type LumenError, notFound, unauthorized } from '../errors';
import { parseListArgs } from '../resources/query-args';
import { eventRows, idOf, insertLogRows, MAX_EVENT_BYTES, MAX_EVENTS_PER_REQUEST, parseEvents, rowsBytes } from './log-events';
import { EventLogRateLimit, logRateKey } from './log-rate-limit';
import { fabShowEnvelope } from '../http/fab-envelope';
import { LOG_COLUMNS, listLogs, logDict } from './log-list';

type LogQuery = { explode?: string; dashboard_id?: string; slice_id?: string };

/** A batch at the limits is about 10 MB of fields; anything bigger is refused by the multipart parser. */
const MULTIPART_LIMITS = { fieldSize: MAX_EVENTS_PER_REQUEST * MAX_EVENT_BYTES + 64 * 1024, fields: 16, files: 0 };

/**
 * The posted fields, whatever the encoding: the app's beacon sends multipart FormData (events and
 * guest_token), fetch fallbacks send JSON or a urlencoded form, and a string beacon arrives as text/plain.
 */
async function readFields(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (request.isMultipart()) {
    const fields: Record<string, unknown> = {};
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'field') fields[part.fieldname] = part.value;
      else await part.toBuffer().catch(() => undefined);
    }
    return fields;
  }
  let body: unknown = request.body;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      throw badRequest('The request body must be JSON or a form with an events field');
    }
  }
  if (Array.isArray(body)) return { events: body };
  if (body && typeof body === 'object') return body as Record<string, unknown>;
  throw badRequest('Missing events: post {"events": [...]} or a form with an events field');
}

/**
 * POST /superset/log/?explode=events and POST /api/v1/log/ (client events), GET /api/v1/log/ and
 * GET /api/v1/log/{id} (admins only).
 */
export async function registerLogRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.lumen;
  const rateLimit = new EventLogRateLimit();

  /** Runs a rate-limit check, telling the client when to retry if it fails. */
  const limited = (reply: FastifyReply, check: () => void) => {
    try {
      check();
    } catch (error) {
      const retryAfter = (error as LumenError).extra?.retry_after;
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      throw error;
    }
  };

  /** Records the posted events, answering `status`: /superset/log/ answers 200, the REST resource 201 (created). */
  const post = (status: 200 | 201) => async (request: FastifyRequest<{ Querystring: LogQuery }>, reply: FastifyReply) => {
    const fields = await readFields(request);
    let user = request.user;
    // A multipart beacon carries the guest token as a field; nothing before this handler could read it.
    if (!user && typeof fields.guest_token === 'string' && fields.guest_token) {
      user = await authenticateGuest(ctx, request, fields.guest_token);
      if (!user) throw unauthorized('Guest token is invalid or expired');
    }
    if (!user) throw unauthorized();
    const rateKey = logRateKey(request, user, fields.guest_token);
    limited(reply, () => rateLimit.admitRequest(rateKey));
    if (fields.events === undefined) throw badRequest('Missing events: post {"events": [...]} or a form with an events field');
    const events = parseEvents(fields.events);
    const explode = request.query.explode === undefined || request.query.explode === 'events';
    const context = {
      user,
      dashboardId: idOf(request.query.dashboard_id),
      sliceId: idOf(request.query.slice_id),
      referrer: typeof request.headers.referer === 'string' ? request.headers.referer : null,
    };
    // Without explode the batch is one row, as the incumbent stores it.
    const rows = explode ? eventRows(events, context) : eventRows([{ event_name: 'log', events }], context).map((row) => ({ ...row, action: 'log' }));
    const bytes = rowsBytes(rows);
    limited(reply, () => rateLimit.admitBytes(rateKey, bytes));
    await insertLogRows(ctx, rows);
    reply.code(status);
    return {};
  };
  // Beacons cannot send a CSRF header (the incumbent exempts this endpoint too); the security plugin still
  // refuses cross-site origins. Public so a multipart beacon with a guest_token field reaches the handler.
  const options = { config: { public: true, allowGuest: true, csrfExempt: true } };
  app.post<{ Querystring: LogQuery }>('/superset/log/', options, post(200));
  app.post<{ Querystring: LogQuery }>('/api/v1/log/', options, post(201));

  const requireAdmin = (request: FastifyRequest) => {
    if (!request.user) throw unauthorized();
    if (!request.user.isAdmin) throw forbidden('Only admins may read the event log');
    return request.user;
  };

  app.get<{ Querystring: { q?: string } }>('/api/v1/log/', async (request) => {
    requireAdmin(request);
    return listLogs(ctx, parseListArgs(request.query.q));
  });

  app.get<{ Params: { id: string } }>('/api/v1/log/:id', async (request) => {
    requireAdmin(request);
    const id = idOf(request.params.id);
    const row = id === null ? undefined : await ctx.store.db.selectFrom('logs').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Not found');
    return { id: row.id, result: logDict(row, null), ...fabShowEnvelope(LOG_COLUMNS, 'Show Log') };
  });
}
