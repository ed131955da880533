import type { Insertable } from 'kysely';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { nowIso } from '../metadata/connect';
import type { LogTable } from '../metadata/schema';
import type { CurrentUser } from '../security/current-user';

/**
 * Client event logging (spec 3 §7 "Event logging"): the app batches events for 1 s, at most 1024 per batch,
 * and posts them to /superset/log/?explode=events. Each event becomes one `logs` row, written in one
 * insert. Limits keep one request from writing an unbounded amount: 1024 events, 10 KB each, 1 MB in all
 * (and log-rate-limit.ts bounds what one caller writes per minute).
 */
export const MAX_EVENTS_PER_REQUEST = 1024;
export const MAX_EVENT_BYTES = 10 * 1024;
/** All rows of one request together: 1024 ordinary events are ~200 KB; 1024 events of 10 KB are refused. */
export const MAX_REQUEST_BYTES = 1024 * 1024;
const MAX_ACTION_LENGTH = 512;
const MAX_REFERRER_LENGTH = 1024;

export type LogRow = Insertable<LogTable>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A positive integer id from a query-string value or an event field, else null. */
export function idOf(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** The `events` field: a JSON array string (form and beacon posts) or an array (JSON bodies). */
export function parseEvents(raw: unknown): Record<string, unknown>[] {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw badRequest('events must be a JSON array of event objects; it is not valid JSON');
    }
  }
  if (!Array.isArray(value)) throw badRequest('events must be a JSON array of event objects');
  if (value.length > MAX_EVENTS_PER_REQUEST) {
    throw badRequest(`At most ${MAX_EVENTS_PER_REQUEST} events may be sent per request, got ${value.length}`);
  }
  value.forEach((event, index) => {
    if (!isObject(event)) throw badRequest(`events[${index}] must be an object`);
  });
  return value as Record<string, unknown>[];
}

export interface LogContext {
  user: CurrentUser | null;
  dashboardId: number | null;
  sliceId: number | null;
  referrer: string | null;
}

/** One `logs` row per event; the serialised event is stored as json (checked against the size bound). */
export function eventRows(events: Record<string, unknown>[], context: LogContext, dttm = nowIso()): LogRow[] {
  const guest = context.user?.guest ? context.user.username : null;
  return events.map((event, index) => {
    // Guests have no user row: keep who they were in the event itself.
    const json = JSON.stringify(guest ? { ...event, guest_username: guest } : event);
    if (Buffer.byteLength(json) > MAX_EVENT_BYTES) throw badRequest(`events[${index}] is larger than ${MAX_EVENT_BYTES / 1024} KB`);
    const name = typeof event.event_name === 'string' && event.event_name ? event.event_name.slice(0, MAX_ACTION_LENGTH) : 'log';
    const duration = typeof event.duration === 'number' && Number.isFinite(event.duration) ? Math.round(event.duration) : null;
    return {
      action: name,
      user_id: context.user?.id ?? null,
      dashboard_id: context.dashboardId ?? idOf(event.dashboard_id) ?? idOf(event.dashboardId),
      slice_id: context.sliceId ?? idOf(event.slice_id) ?? idOf(event.sliceId),
      json,
      dttm,
      duration_ms: duration,
      referrer: context.referrer ? context.referrer.slice(0, MAX_REFERRER_LENGTH) : null,
    };
  });
}

/** Bytes the rows store (their event JSON); refuses a request above MAX_REQUEST_BYTES. */
export function rowsBytes(rows: LogRow[]): number {
  const bytes = rows.reduce((sum, row) => sum + Buffer.byteLength(row.json ?? ''), 0);
  if (bytes > MAX_REQUEST_BYTES) {
    throw badRequest(`The events of one request may take at most ${MAX_REQUEST_BYTES / 1024} KB, got ${Math.ceil(bytes / 1024)} KB`);
  }
  return bytes;
}

/** Writes rows in one statement (1024 rows x 8 columns stays far below both dialects' parameter limits). */
export async function insertLogRows(ctx: Pick<AppContext, 'store'>, rows: LogRow[]): Promise<void> {
  if (rows.length === 0) return;
  await ctx.store.db.insertInto('logs').values(rows).execute();
}
