/**
 * Client event logging (spec 3 §7 "Event logging", §9): events are queued and sent in batches after a
 * 1000 ms delay, at most 1024 events per batch, to POST /superset/log/?explode=events with dashboard_id or
 * slice_id taken from the events. navigator.sendBeacon is used where available (multipart FormData with
 * `events` and, for embedded viewers, `guest_token`), otherwise a fetch POST with JSON {events}. The queue
 * is flushed when the page is hidden or left. Logging is best effort: nothing here ever throws into the app.
 */
import { LOG_BATCH_DELAY_MS, LOG_BATCH_SIZE } from './constants';
import { clearTimer, getGlobalFetch, setTimer, type FetchLike, type TimerHandle } from './platform';

/** The logging endpoint; the id query parameter is appended per batch. */
export const EVENT_LOG_ENDPOINT = '/superset/log/?explode=events';

/** One logged event. `source`/`source_id` (as the incumbent sends) or dashboard_id/slice_id give its context. */
export interface LogEventPayload {
  source?: 'dashboard' | 'slice' | 'explore' | string;
  source_id?: number | string;
  dashboard_id?: number | string | null;
  slice_id?: number | string | null;
  duration?: number;
  [key: string]: unknown;
}

export interface LoggedEvent extends LogEventPayload {
  event_name: string;
  /** Milliseconds since the epoch when the event was logged. */
  ts: number;
}

/** The fields of one batch, as both transports send them. */
export interface EventBatchFields {
  events: LoggedEvent[];
  guest_token?: string;
}

/**
 * How batches leave the page. `beacon` returns false when the browser refused to queue the data, in which
 * case `post` is tried. Injected in tests; the default uses navigator.sendBeacon and fetch.
 */
export interface EventLogTransport {
  beacon?: (url: string, fields: EventBatchFields) => boolean;
  post: (url: string, fields: EventBatchFields) => Promise<unknown>;
}

export interface EventLoggerOptions {
  /** Prefix for the endpoint ('' for same origin). */
  baseUrl: string;
  /** The embedded viewer's guest token, read at send time so a refreshed token is used. */
  getGuestToken?: () => string | null | undefined;
  /** Defaults to the host's sendBeacon/fetch. */
  transport?: EventLogTransport;
  /** Clock for event timestamps (tests). */
  now?: () => number;
  /** Listen for pagehide / visibilitychange hidden on the host (default true when the host has them). */
  flushOnPageHide?: boolean;
}

export interface EventLogger {
  /** Queues one event; the batch is sent 1000 ms after the first queued event. */
  log(eventName: string, payload?: LogEventPayload): void;
  /** Sends everything queued now (page hide, tests). */
  flush(): void;
  /** Flushes and stops listening for page-hide events. */
  dispose(): void;
}

interface FormDataLike {
  append(name: string, value: string): void;
}
interface BeaconHost {
  navigator?: { sendBeacon?: (url: string, data?: unknown) => boolean };
  FormData?: new () => FormDataLike;
  addEventListener?: (type: string, listener: () => void) => void;
  removeEventListener?: (type: string, listener: () => void) => void;
  document?: {
    visibilityState?: string;
    addEventListener?: (type: string, listener: () => void) => void;
    removeEventListener?: (type: string, listener: () => void) => void;
  };
}
const host = (): BeaconHost => globalThis as unknown as BeaconHost;

const idOf = (value: unknown): string | null => {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  if (typeof value === 'string' && /^\d+$/.test(value) && Number(value) > 0) return value;
  return null;
};

/** The query parameter one event belongs under: dashboard_id=…, slice_id=…, or none. */
export function eventContextParam(event: LogEventPayload): string {
  const dashboard = idOf(event.dashboard_id) ?? (event.source === 'dashboard' ? idOf(event.source_id) : null);
  if (dashboard) return `dashboard_id=${dashboard}`;
  const slice = idOf(event.slice_id) ?? (event.source === 'slice' || event.source === 'explore' ? idOf(event.source_id) : null);
  return slice ? `slice_id=${slice}` : '';
}

/** The default transport: sendBeacon with FormData where available, else fetch POST with JSON {events}. */
export function createDefaultEventLogTransport(fetchImpl: FetchLike | undefined = getGlobalFetch()): EventLogTransport {
  const h = host();
  const sendBeacon = h.navigator?.sendBeacon;
  const FormDataCtor = h.FormData;
  return {
    beacon:
      typeof sendBeacon === 'function' && FormDataCtor
        ? (url, fields) => {
            const form = new FormDataCtor();
            form.append('events', JSON.stringify(fields.events));
            if (fields.guest_token) form.append('guest_token', fields.guest_token);
            return sendBeacon.call(h.navigator, url, form);
          }
        : undefined,
    post: async (url, fields) => {
      if (!fetchImpl) return undefined;
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (fields.guest_token) headers['X-GuestToken'] = fields.guest_token;
      return fetchImpl(url, { method: 'POST', headers, body: JSON.stringify(fields), credentials: 'same-origin' });
    },
  };
}

/**
 * Creates a batching event logger.
 *
 * @example
 * const logger = createEventLogger({ baseUrl: '' });
 * logger.log('mount_dashboard', { source: 'dashboard', source_id: 7 });
 */
export function createEventLogger(options: EventLoggerOptions): EventLogger {
  const transport = options.transport ?? createDefaultEventLogTransport();
  const now = options.now ?? (() => Date.now());
  let queue: LoggedEvent[] = [];
  let timer: TimerHandle | undefined;

  const send = (url: string, fields: EventBatchFields) => {
    try {
      if (transport.beacon && transport.beacon(url, fields)) return;
      void Promise.resolve(transport.post(url, fields)).catch(() => undefined);
    } catch {
      // Best effort: a failing transport must never break the page.
    }
  };

  const flush = () => {
    try {
      clearTimer(timer);
    } catch {
      // ignore
    }
    timer = undefined;
    if (queue.length === 0) return;
    const events = queue;
    queue = [];
    let token: string | undefined;
    try {
      token = options.getGuestToken?.() || undefined;
    } catch {
      token = undefined;
    }
    // Group by context so each batch's dashboard_id/slice_id is right, keeping first-seen order.
    const groups = new Map<string, LoggedEvent[]>();
    for (const event of events) {
      const key = eventContextParam(event);
      const group = groups.get(key);
      if (group) group.push(event);
      else groups.set(key, [event]);
    }
    for (const [param, group] of groups) {
      const url = `${options.baseUrl}${EVENT_LOG_ENDPOINT}${param ? `&${param}` : ''}`;
      for (let i = 0; i < group.length; i += LOG_BATCH_SIZE) {
        const batch = group.slice(i, i + LOG_BATCH_SIZE);
        send(url, token ? { events: batch, guest_token: token } : { events: batch });
      }
    }
  };

  const onHide = () => flush();
  const onVisibility = () => {
    if (host().document?.visibilityState === 'hidden') flush();
  };
  const listen = options.flushOnPageHide !== false;
  if (listen) {
    try {
      host().addEventListener?.('pagehide', onHide);
      host().document?.addEventListener?.('visibilitychange', onVisibility);
    } catch {
      // No page-lifecycle events on this host.
    }
  }

  return {
    log(eventName, payload = {}) {
      try {
        queue.push({ ...payload, event_name: eventName, ts: now() });
        timer ??= setTimer(flush, LOG_BATCH_DELAY_MS);
      } catch {
        // Never throw into the app.
      }
    },
    flush,
    dispose() {
      flush();
      if (!listen) return;
      try {
        host().removeEventListener?.('pagehide', onHide);
        host().document?.removeEventListener?.('visibilitychange', onVisibility);
      } catch {
        // ignore
      }
    },
  };
}
