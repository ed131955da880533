import { type AsyncEvent, type AsyncEventInput, CHANNEL_MAX_EVENTS, compareStreamIds, type EventStream } from './event-stream';

export interface MemoryEventStreamOptions {
  /** Events kept per channel (oldest dropped first). */
  maxEventsPerChannel?: number;
  /** Channels kept; the least recently written is dropped first, so idle users cost nothing forever. */
  maxChannels?: number;
}

/**
 * The single-process event stream: a bounded list per channel, ids in the Redis Streams format so clients
 * and tests see the same thing whichever stream serves them. Listeners are called on publish, which gives
 * WebSocket clients their events at once.
 *
 * @example
 * const stream = createMemoryEventStream();
 * await stream.publish('c1', { channel_id: 'c1', job_id: 'j', user_id: 1, status: 'done', result_url: '/r', errors: [] });
 * await stream.read('c1', null, 100);
 */
export function createMemoryEventStream(options: MemoryEventStreamOptions = {}): EventStream {
  const maxEvents = options.maxEventsPerChannel ?? CHANNEL_MAX_EVENTS;
  const maxChannels = options.maxChannels ?? 10_000;
  // Map iteration order is insertion order: re-inserting on write keeps the oldest channel first.
  const channels = new Map<string, AsyncEvent[]>();
  const listeners = new Map<string, Set<() => void>>();
  let lastMs = 0;
  let seq = 0;

  const nextId = () => {
    const now = Date.now();
    if (now > lastMs) {
      lastMs = now;
      seq = 0;
    } else seq += 1;
    return `${lastMs}-${seq}`;
  };

  return {
    kind: 'memory',
    async publish(channelId, input: AsyncEventInput) {
      const event: AsyncEvent = { ...input, channel_id: channelId, id: nextId() };
      const events = channels.get(channelId) ?? [];
      channels.delete(channelId);
      events.push(event);
      if (events.length > maxEvents) events.splice(0, events.length - maxEvents);
      channels.set(channelId, events);
      if (channels.size > maxChannels) channels.delete(channels.keys().next().value!);
      for (const listener of listeners.get(channelId) ?? []) queueMicrotask(listener);
      return event.id;
    },
    async read(channelId, lastId, limit) {
      const events = channels.get(channelId) ?? [];
      const after = lastId ? events.filter((e) => compareStreamIds(e.id, lastId) > 0) : events;
      return after.slice(0, limit);
    },
    subscribe(channelId, listener) {
      const set = listeners.get(channelId) ?? new Set();
      set.add(listener);
      listeners.set(channelId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(channelId);
      };
    },
    async close() {
      listeners.clear();
    },
  };
}
