/**
 * The async-event client (spec 1 §4): requesters register a listener per job id and wait for a done or
 * error event, delivered by polling (default) or a websocket that falls back to polling.
 */
import type { ApiClient } from './api-client';
import type { AsyncEvent, AsyncEventTransport, AsyncJobMetadata } from './async-event-types';
import { ClientError } from './client-error';
import { COMMON_ERROR_MESSAGES } from './error-messages';
import {
  ASYNC_EVENT_ENDPOINT,
  ASYNC_EVENT_LAST_ID_STORAGE_KEY,
  ASYNC_EVENT_LISTENER_MAX_RETRIES,
  ASYNC_EVENT_LISTENER_RETRY_DELAY_MS,
  ASYNC_EVENT_POLLING_DELAY_MS,
  ASYNC_EVENT_WS_MAX_RETRIES,
  ASYNC_EVENT_WS_RETRY_DELAY_MS,
} from './constants';
import {
  clearTimer,
  getGlobalLogger,
  getGlobalStorage,
  getGlobalWebSocket,
  setTimer,
  type LoggerLike,
  type StorageLike,
  type TimerHandle,
  type WebSocketConstructorLike,
  type WebSocketLike,
} from './platform';

/** Options of createAsyncEventClient. */
export interface AsyncEventClientOptions {
  client: ApiClient;
  transport?: AsyncEventTransport;
  /** Websocket URL (required for transport 'ws'). */
  websocketUrl?: string;
  WebSocket?: WebSocketConstructorLike;
  /** Where the last event id persists; default localStorage when present; null disables persistence. */
  storage?: StorageLike | null;
  logger?: LoggerLike;
  pollingDelayMs?: number;
}

/** The async-event client. */
export interface AsyncEventClient {
  /** Resolves with the job's result (the `result` of result_url), or rejects with its errors. */
  waitForAsyncData<T = unknown>(job: Pick<AsyncJobMetadata, 'job_id'>): Promise<T>;
  /** Dispatches events to listeners (used by both transports; exposed for hosts that relay events). */
  processEvents(events: AsyncEvent[]): void;
  /** The transport currently in use (a failed websocket switches to 'polling'). */
  readonly transport: AsyncEventTransport;
  /** Stops polling and closes the websocket; pending waits stay pending. */
  stop(): void;
}

type Listener = (event: AsyncEvent) => void;

/** The warning logged when the websocket gives up (spec 1 §8). */
export const WS_FALLBACK_WARNING = 'WebSocket not available, falling back to async polling';

/**
 * Creates an async-event client. Transport starts lazily on the first wait, so pages that never receive
 * a 202 never poll.
 *
 * @example
 * const events = createAsyncEventClient({ client });
 * const { status, json } = await client.post('/api/v1/chart/data', queryContext);
 * const result = status === 202 ? await events.waitForAsyncData(json as AsyncJobMetadata) : json;
 */
export function createAsyncEventClient(options: AsyncEventClientOptions): AsyncEventClient {
  const { client } = options;
  const logger = options.logger ?? getGlobalLogger();
  const storage = options.storage === undefined ? getGlobalStorage() : (options.storage ?? undefined);
  const pollingDelayMs = options.pollingDelayMs ?? ASYNC_EVENT_POLLING_DELAY_MS;
  const listeners = new Map<string, Listener>();
  const retries = new Map<string, number>();
  let transport: AsyncEventTransport = options.transport ?? 'polling';
  let started = false;
  let stopped = false;
  let pollTimer: TimerHandle;
  let wsTimer: TimerHandle;
  let ws: WebSocketLike | undefined;
  let wsRetries = 0;

  let lastEventId: string | null = null;
  try {
    lastEventId = storage?.getItem(ASYNC_EVENT_LAST_ID_STORAGE_KEY) ?? null;
  } catch (error) {
    logger.warn('Error reading the last async event id', error);
  }

  const setLastId = (event: AsyncEvent) => {
    lastEventId = event.id;
    try {
      storage?.setItem(ASYNC_EVENT_LAST_ID_STORAGE_KEY, event.id);
    } catch (error) {
      // Storage can be full or blocked; losing the id only means re-reading a few events.
      logger.warn('Error saving event Id to localStorage', error);
    }
  };

  const processEvents = (events: AsyncEvent[]): void => {
    for (const event of events) {
      const jobId = event.job_id;
      const listener = listeners.get(jobId);
      if (listener) {
        retries.delete(jobId);
        listener(event);
      } else {
        // The event can beat the listener: the 202 response is still being handled. Retry a few times.
        const attempt = (retries.get(jobId) ?? 0) + 1;
        if (attempt <= ASYNC_EVENT_LISTENER_MAX_RETRIES) {
          retries.set(jobId, attempt);
          setTimer(() => processEvents([event]), ASYNC_EVENT_LISTENER_RETRY_DELAY_MS * attempt);
        } else {
          retries.delete(jobId);
          logger.warn('listener not found for job_id', jobId);
        }
      }
      setLastId(event);
    }
  };

  const schedulePoll = () => {
    if (!stopped && transport === 'polling') pollTimer = setTimer(() => void poll(), pollingDelayMs);
  };

  const poll = async () => {
    pollTimer = undefined;
    if (listeners.size > 0) {
      try {
        const { json } = await client.get<{ result?: AsyncEvent[] }>(ASYNC_EVENT_ENDPOINT, {
          query: lastEventId ? { last_id: lastEventId } : undefined,
        });
        const events = json?.result ?? [];
        if (events.length > 0) processEvents(events);
      } catch (error) {
        logger.warn(error);
      }
    }
    schedulePoll();
  };

  const fallBackToPolling = () => {
    logger.warn(WS_FALLBACK_WARNING);
    transport = 'polling';
    schedulePoll();
  };

  const wsConnect = () => {
    const Ctor = options.WebSocket ?? getGlobalWebSocket();
    if (!Ctor || !options.websocketUrl) {
      fallBackToPolling();
      return;
    }
    const url = lastEventId
      ? `${options.websocketUrl}${options.websocketUrl.includes('?') ? '&' : '?'}last_id=${encodeURIComponent(lastEventId)}`
      : options.websocketUrl;
    const socket = new Ctor(url);
    ws = socket;
    socket.addEventListener('open', () => {
      clearTimer(wsTimer);
      wsRetries = 0;
    });
    socket.addEventListener('close', () => {
      if (stopped) return;
      wsTimer = setTimer(() => {
        wsRetries += 1;
        if (wsRetries <= ASYNC_EVENT_WS_MAX_RETRIES) wsConnect();
        else fallBackToPolling();
      }, ASYNC_EVENT_WS_RETRY_DELAY_MS);
    });
    socket.addEventListener('error', () => {
      // Some browsers report errors without closing; close so the reconnect logic runs once.
      if (socket.readyState < 2) socket.close();
    });
    socket.addEventListener('message', (message) => {
      try {
        const parsed = JSON.parse(String(message.data)) as AsyncEvent | AsyncEvent[];
        processEvents(Array.isArray(parsed) ? parsed : [parsed]);
      } catch (error) {
        logger.warn(error);
      }
    });
  };

  const start = () => {
    if (started || stopped) return;
    started = true;
    if (transport === 'ws') wsConnect();
    else schedulePoll();
  };

  const fetchResult = async (event: AsyncEvent): Promise<unknown> => {
    if (!event.result_url) throw new ClientError({ kind: 'async', message: 'Async job finished without a result URL' });
    const { json } = await client.get<unknown>(event.result_url);
    return typeof json === 'object' && json !== null && 'result' in json ? (json as { result: unknown }).result : json;
  };

  return {
    get transport() {
      return transport;
    },
    processEvents,
    waitForAsyncData<T>(job: Pick<AsyncJobMetadata, 'job_id'>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        listeners.set(job.job_id, (event) => {
          if (event.status === 'done') {
            listeners.delete(job.job_id);
            fetchResult(event).then((result) => resolve(result as T), reject);
          } else if (event.status === 'error') {
            listeners.delete(job.job_id);
            const errors = event.errors ?? [];
            reject(
              new ClientError({
                kind: 'async',
                message: errors[0]?.message ?? COMMON_ERROR_MESSAGES.AN_ERROR_OCCURRED,
                errors,
                body: event,
              }),
            );
          }
          // pending/running: keep listening.
        });
        start();
      });
    },
    stop() {
      stopped = true;
      clearTimer(pollTimer);
      clearTimer(wsTimer);
      ws?.close();
    },
  };
}
