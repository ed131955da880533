import type { StructuredError } from '../errors';

/**
 * Async query events (spec 1 §4 "Async job", §7 GET /api/v1/async_event/): when a job finishes, one event
 * goes to the channel of the user who started it; clients poll every 500 ms with the id of the last event
 * they saw (or keep a WebSocket open), and on `done` fetch `result_url`.
 */
export type AsyncJobStatus = 'pending' | 'running' | 'done' | 'error';

/** What a publisher sends; the stream assigns `id`. */
export interface AsyncEventInput {
  channel_id: string;
  job_id: string;
  user_id: number | null;
  status: 'done' | 'error';
  result_url: string | null;
  errors: StructuredError[];
}

/** An event as clients read it: `id` is the stream id (`{ms}-{seq}`, as Redis Streams number entries). */
export interface AsyncEvent extends AsyncEventInput {
  id: string;
}

export interface EventStream {
  readonly kind: 'memory' | 'redis';
  /** Appends an event to its channel; resolves with the event's id. */
  publish(channelId: string, event: AsyncEventInput): Promise<string>;
  /** Events of a channel after `lastId` (all retained events when absent), oldest first, at most `limit`. */
  read(channelId: string, lastId: string | null, limit: number): Promise<AsyncEvent[]>;
  /**
   * Calls `listener` soon after an event is published to the channel (WebSocket push). Streams that can
   * only poll leave this out; the WebSocket route then polls `read`.
   */
  subscribe?(channelId: string, listener: () => void): () => void;
  close(): Promise<void>;
}

/** Events kept per channel: clients read within seconds, so a short tail is enough. */
export const CHANNEL_MAX_EVENTS = 1000;
/** Largest page one read returns. */
export const READ_LIMIT = 100;

const STREAM_ID = /^\d{1,16}-\d{1,16}$/;

/** Stream ids as Redis writes them; anything else in `last_id` is a client error, not a Redis error. */
export const isStreamId = (value: string): boolean => STREAM_ID.test(value) || value === '0';

/** Orders two stream ids (numeric on both parts, so '10-0' > '9-5'). */
export function compareStreamIds(a: string, b: string): number {
  const [am, as = '0'] = a.split('-');
  const [bm, bs = '0'] = b.split('-');
  const ms = BigInt(am!) - BigInt(bm!);
  if (ms !== 0n) return ms > 0n ? 1 : -1;
  const seq = BigInt(as) - BigInt(bs);
  return seq === 0n ? 0 : seq > 0n ? 1 : -1;
}
