import type { Selectable } from 'kysely';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import type { LogTable } from '../metadata/schema';
import type { ListArgs } from '../resources/query-args';
import { dottedKeys, fabListEnvelope } from '../http/fab-envelope';

/**
 * GET /api/v1/log/ for admins: the event log with rison filters on action, user, dashboard, chart and
 * time, newest first by default (the incumbent's LogRestApi list columns).
 */
export const LOG_PAGE_SIZE = 25;
export const LOG_MAX_PAGE_SIZE = 100;
const ORDER_COLUMNS = ['id', 'action', 'dttm', 'user_id', 'dashboard_id', 'slice_id', 'duration_ms'] as const;

type LogRecord = Selectable<LogTable>;

export function logDict(row: LogRecord, username: string | null | undefined): Record<string, unknown> {
  return {
    id: row.id,
    action: row.action,
    user_id: row.user_id,
    dashboard_id: row.dashboard_id,
    slice_id: row.slice_id,
    json: row.json,
    dttm: row.dttm,
    duration_ms: row.duration_ms,
    referrer: row.referrer,
    user: row.user_id === null ? null : { username: username ?? null },
  };
}

/** A log entry's columns, read off logDict (an empty row gives every key). */
export const LOG_COLUMNS = dottedKeys(logDict({} as LogRecord, 'x'));

const asInt = (col: string, value: unknown): number => {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n)) throw badRequest(`Filter on '${col}' needs an integer value`);
  return n;
};

const asTime = (value: unknown): string => {
  const ms = typeof value === 'number' ? value : Date.parse(String(value));
  if (!Number.isFinite(ms)) throw badRequest("Filter on 'dttm' needs an ISO date or epoch milliseconds");
  return new Date(ms).toISOString();
};

export async function listLogs(ctx: Pick<AppContext, 'store'>, args: ListArgs) {
  const pageSize = Math.min(args.pageSize ?? LOG_PAGE_SIZE, LOG_MAX_PAGE_SIZE);
  let query = ctx.store.db.selectFrom('logs as l').leftJoin('ab_user as u', 'u.id', 'l.user_id');
  for (const { col, opr, value } of args.filters) {
    if (col === 'action' && opr === 'eq') query = query.where('l.action', '=', String(value));
    else if (col === 'action' && (opr === 'ct' || opr === 'sw')) {
      const text = String(value);
      query = query.where('l.action', 'like', opr === 'ct' ? `%${text}%` : `${text}%`);
    } else if ((col === 'user' || col === 'user_id') && (opr === 'eq' || opr === 'rel_o_m')) query = query.where('l.user_id', '=', asInt(col, value));
    else if (col === 'user' && opr === 'username') query = query.where('u.username', '=', String(value));
    else if ((col === 'dashboard_id' || col === 'slice_id') && opr === 'eq') query = query.where(`l.${col}`, '=', asInt(col, value));
    else if (col === 'dttm' && (opr === 'gt' || opr === 'lt')) query = query.where('l.dttm', opr === 'gt' ? '>' : '<', asTime(value));
    else {
      throw badRequest(`Unsupported log filter ${col} ${opr}; use action (eq, ct, sw), user (eq, rel_o_m, username), dashboard_id/slice_id (eq), dttm (gt, lt)`);
    }
  }
  const column = args.orderColumn ?? 'dttm';
  if (!(ORDER_COLUMNS as readonly string[]).includes(column)) throw badRequest(`order_column must be one of ${ORDER_COLUMNS.join(', ')}`);
  const direction = args.orderColumn ? args.orderDirection : 'desc';
  const { count } = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll('l')
    .select('u.username')
    .orderBy(`l.${column as (typeof ORDER_COLUMNS)[number]}`, direction)
    .orderBy('l.id', direction)
    .limit(pageSize)
    .offset(args.page * pageSize)
    .execute();
  const result = rows.map((row) => logDict(row, row.username));
  return { count: Number(count), ids: result.map((r) => r.id), result, ...fabListEnvelope(LOG_COLUMNS, [...ORDER_COLUMNS], 'List Log') };
}
