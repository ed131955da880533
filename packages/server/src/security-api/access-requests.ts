import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { badRequest, forbidden, LumenError, notFound } from '../errors';
import { nowIso } from '../metadata/connect';
import { sendNoticeEmail } from '../reports/deliver-email';
import type { AnyDb } from '../resources/definition';
import type { CurrentUser } from '../security/current-user';
import {
  canAccessDataset,
  canAccessWholeDatabase,
  DATABASE_ACCESS,
  dataAccessOf,
  databasePermissionView,
  DATASOURCE_ACCESS,
  datasetPermissionView,
} from '../security/data-access';
import { loadDatasetLocation } from '../security/dataset-location';
import { requireUser } from '../security/guards';

/**
 * 'Request Access' from an access error (spec 2: security access errors offer it): the error's
 * `extra.link` opens /request_access/?datasource_id=N (or database_id=N); that page reads what would be
 * granted here and POSTs the request. A request is kept in the event log (action `request_access`, what
 * admins audit) and mailed to every active admin with an address when SMTP is configured. One request per
 * user and target per REPEAT_MINUTES, and at most MAX_PER_WINDOW per user over all targets in that time, so
 * the button cannot be used to flood the admins' mailboxes. The checks and the insert run in one transaction
 * serialised per user (SQLite runs one transaction at a time; PostgreSQL takes a per-user advisory lock), so
 * concurrent requests cannot both pass them.
 */
const ACTION = 'request_access';
const REPEAT_MINUTES = 10;
const MAX_PER_WINDOW = 5;
/** First key of the PostgreSQL advisory lock taken per user (the second is the user id). */
const LOCK_CLASS = 0x4c524151; // 'LRAQ'
const MAX_MESSAGE = 1000;

interface Target {
  kind: 'dataset' | 'database';
  id: number;
  name: string;
  database_name: string;
  /** The pair an admin would grant, as the roles screen names it. */
  permission: string;
  has_access: boolean;
}

type TargetQuery = { datasource_id?: unknown; database_id?: unknown };

const positiveId = (value: unknown): number | null => {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
};

async function resolveTarget(db: AnyDb, user: CurrentUser, query: TargetQuery): Promise<Target> {
  const datasetId = positiveId(query.datasource_id);
  const databaseId = positiveId(query.database_id);
  if ((datasetId === null) === (databaseId === null)) throw badRequest('Give exactly one of datasource_id or database_id (a positive integer)');
  const access = dataAccessOf(user);
  if (datasetId !== null) {
    const dataset = await loadDatasetLocation(db, datasetId);
    if (!dataset) throw notFound('Dataset not found.');
    const permission = `${DATASOURCE_ACCESS} on ${datasetPermissionView(dataset.database_name, dataset.table_name, dataset.id)}`;
    return { kind: 'dataset', id: dataset.id, name: dataset.table_name, database_name: dataset.database_name, permission, has_access: canAccessDataset(access, dataset) };
  }
  const database = await db.selectFrom('dbs').select(['id', 'database_name']).where('id', '=', databaseId).executeTakeFirst();
  if (!database) throw notFound('Database not found.');
  const permission = `${DATABASE_ACCESS} on ${databasePermissionView(database.database_name, database.id)}`;
  return { kind: 'database', id: database.id, name: database.database_name, database_name: database.database_name, permission, has_access: canAccessWholeDatabase(access, database.id) };
}

function requireAccount(request: FastifyRequest): CurrentUser {
  const user = requireUser(request);
  if (user.guest || user.id === null) throw forbidden('Guest viewers cannot request access: ask the site that embeds this page.');
  return user;
}

async function adminAddresses(db: AnyDb): Promise<string[]> {
  const rows = await db
    .selectFrom('ab_user as u')
    .innerJoin('ab_user_role as ur', 'ur.user_id', 'u.id')
    .innerJoin('ab_role as r', 'r.id', 'ur.role_id')
    .select('u.email')
    .where((eb) => eb(eb.fn('lower', ['r.name']), '=', 'admin'))
    .where('u.active', '=', 1)
    .distinct()
    .execute();
  // Accounts created without a real address get `@lumen.invalid` (security/bootstrap.ts).
  return rows.map((row) => String(row.email)).filter((email) => email.includes('@') && !email.endsWith('.invalid'));
}

/** The user's requests of the last REPEAT_MINUTES: the permission each asked for. */
async function recentRequests(db: AnyDb, userId: number): Promise<string[]> {
  const since = new Date(Date.now() - REPEAT_MINUTES * 60_000).toISOString();
  const rows = await db.selectFrom('logs').select('json').where('action', '=', ACTION).where('user_id', '=', userId).where('dttm', '>=', since).execute();
  return rows.map((row) => {
    try {
      return String((JSON.parse(String(row.json ?? '{}')) as { permission?: unknown }).permission ?? '');
    } catch {
      return '';
    }
  });
}

/**
 * Records the request unless the user asked for the same target, or MAX_PER_WINDOW targets, in the last
 * REPEAT_MINUTES (429). Check and insert share a transaction serialised per user.
 */
async function recordRequest(ctx: AppContext, user: CurrentUser, target: Target, message: string): Promise<void> {
  const userId = user.id!;
  await (ctx.store.db as AnyDb).transaction().execute(async (trx) => {
    if (ctx.store.dialect === 'postgresql') await sql`select pg_advisory_xact_lock(${LOCK_CLASS}::int4, ${userId}::int4)`.execute(trx);
    const recent = await recentRequests(trx, userId);
    if (recent.includes(target.permission)) {
      throw new LumenError(429, `You asked for access to the ${target.kind} ${target.name} less than ${REPEAT_MINUTES} minutes ago; the admins were told.`);
    }
    if (recent.length >= MAX_PER_WINDOW) {
      throw new LumenError(429, `You may send at most ${MAX_PER_WINDOW} access requests per ${REPEAT_MINUTES} minutes; try again later.`);
    }
    await trx
      .insertInto('logs')
      .values({ action: ACTION, user_id: userId, dashboard_id: null, slice_id: null, json: JSON.stringify({ kind: target.kind, id: target.id, permission: target.permission, message }), dttm: nowIso(), duration_ms: null, referrer: null })
      .execute();
  });
}

function readMessage(body: Record<string, unknown>): string {
  const message = body.message ?? '';
  if (typeof message !== 'string') throw badRequest('message: Not a valid string.', { message: ['Not a valid string.'] });
  if (message.length > MAX_MESSAGE) throw badRequest(`message: Longer than maximum length ${MAX_MESSAGE}.`, { message: [`Longer than maximum length ${MAX_MESSAGE}.`] });
  return message.trim();
}

async function notifyAdmins(ctx: AppContext, user: CurrentUser, target: Target, message: string): Promise<number> {
  const smtp = ctx.config.smtp;
  const to = await adminAddresses(ctx.store.db as AnyDb);
  if (!smtp.host || to.length === 0) return 0;
  const who = `${user.first_name} ${user.last_name}`.trim() || user.username;
  const text = [
    `${who} (${user.username}, ${user.email}) asks for access to the ${target.kind} ${target.name} of the database ${target.database_name}.`,
    `To grant it, add the pair "${target.permission}" to one of their roles (Settings → List Roles).`,
    message ? `Their message:\n${message}` : '',
  ].filter(Boolean);
  try {
    await sendNoticeEmail(smtp, to, `[Lumen] Access request: ${target.kind} ${target.name}`, text.join('\n\n'));
    return to.length;
  } catch (error) {
    ctx.logger?.warn?.({ err: error }, 'access request e-mail failed');
    return 0;
  }
}

export function registerAccessRequestRoutes(app: FastifyInstance): void {
  const ctx = app.lumen;
  const db = ctx.store.db as AnyDb;

  app.get<{ Querystring: TargetQuery }>('/api/v1/security/request_access/', async (request) => {
    const user = requireAccount(request);
    return { result: await resolveTarget(db, user, request.query) };
  });

  app.post<{ Body: TargetQuery & { message?: unknown } }>('/api/v1/security/request_access/', async (request) => {
    const user = requireAccount(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const target = await resolveTarget(db, user, body);
    if (target.has_access) throw badRequest(`You already have access to the ${target.kind} ${target.name}.`);
    const message = readMessage(body);
    await recordRequest(ctx, user, target, message);
    const emailed = await notifyAdmins(ctx, user, target, message);
    return { result: { permission: target.permission, admins_emailed: emailed } };
  });
}
