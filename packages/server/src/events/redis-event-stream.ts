import { Redis } from 'ioredis';
import { type AsyncEvent, type AsyncEventInput, CHANNEL_MAX_EVENTS, type EventStream } from './event-stream';

export interface RedisEventStreamOptions {
  redisUrl: string;
  /** config.asyncPrefix: keys are `{prefix}:async:events:{channel}`. */
  prefix: string;
  maxEventsPerChannel?: number;
  /** Idle channels expire after this long (every publish renews it). */
  channelTtlSeconds?: number;
}

export const eventStreamKey = (prefix: string, channelId: string): string => `${prefix}:async:events:${channelId}`;
/** The pub/sub channel that says "the stream of this channel has new entries" (no payload worth reading). */
export const eventNotifyKey = (prefix: string, channelId: string): string => `${prefix}:async:notify:${channelId}`;

/**
 * The shared event stream: one Redis Stream per channel, written by whichever process finished the job
 * (a `lumen worker` or a server) and read by whichever server the client polls. XADD trims approximately
 * (MAXLEN ~) so the cost stays flat; XREAD after `last_id` is exclusive, as clients expect.
 *
 * WebSocket push: every publish also PUBLISHes a notification on the channel's pub/sub key, and each
 * process keeps one subscriber connection (opened on the first subscription) for the channels its open
 * sockets watch. A notification only says "read again": the stream stays the source of truth, so a
 * notification lost during a reconnect costs latency (the route's slow safety re-read), never an event.
 * One shared subscriber rather than a blocking XREAD per socket keeps Redis connections at two per process
 * however many browsers are connected.
 *
 * @example
 * const stream = createRedisEventStream({ redisUrl: 'redis://127.0.0.1:6379', prefix: 'lumen' });
 */
export function createRedisEventStream(options: RedisEventStreamOptions): EventStream {
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
  redis.on('error', () => undefined);
  const maxEvents = options.maxEventsPerChannel ?? CHANNEL_MAX_EVENTS;
  const ttl = options.channelTtlSeconds ?? 86_400;
  const listeners = new Map<string, Set<() => void>>();
  let subscriber: Redis | null = null;

  const notifyKeyOf = (channelId: string) => eventNotifyKey(options.prefix, channelId);
  const channelOfNotifyKey = (key: string) => key.slice(eventNotifyKey(options.prefix, '').length);

  function subscriberConnection(): Redis {
    if (subscriber) return subscriber;
    const connection = redis.duplicate();
    connection.on('error', () => undefined);
    connection.on('message', (key: string) => {
      for (const listener of listeners.get(channelOfNotifyKey(key)) ?? []) listener();
    });
    subscriber = connection;
    return connection;
  }
  return {
    kind: 'redis',
    async publish(channelId, input: AsyncEventInput) {
      const key = eventStreamKey(options.prefix, channelId);
      const data = JSON.stringify({ ...input, channel_id: channelId });
      const result = await redis
        .multi()
        .xadd(key, 'MAXLEN', '~', String(maxEvents), '*', 'data', data)
        .expire(key, ttl)
        .publish(notifyKeyOf(channelId), '1')
        .exec();
      const [error, id] = result?.[0] ?? [new Error('XADD returned nothing'), null];
      if (error) throw error;
      return String(id);
    },
    async read(channelId, lastId, limit) {
      const key = eventStreamKey(options.prefix, channelId);
      const reply = await redis.xread('COUNT', limit, 'STREAMS', key, lastId ?? '0');
      const entries = reply?.[0]?.[1] ?? [];
      const events: AsyncEvent[] = [];
      for (const [id, fields] of entries) {
        const index = fields.indexOf('data');
        if (index < 0) continue;
        try {
          events.push({ ...(JSON.parse(fields[index + 1]!) as AsyncEventInput), id });
        } catch {
          // An entry some other writer left behind: skip it rather than fail the whole read.
        }
      }
      return events;
    },
    subscribe(channelId, listener) {
      let set = listeners.get(channelId);
      if (!set) {
        set = new Set();
        listeners.set(channelId, set);
        // ioredis re-subscribes by itself after a reconnect.
        subscriberConnection().subscribe(notifyKeyOf(channelId)).catch(() => undefined);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size > 0 || listeners.get(channelId) !== set) return;
        listeners.delete(channelId);
        subscriber?.unsubscribe(notifyKeyOf(channelId)).catch(() => undefined);
      };
    },
    async close() {
      listeners.clear();
      if (subscriber) await subscriber.quit().catch(() => subscriber?.disconnect());
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
