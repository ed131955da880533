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

/**
 * The shared event stream: one Redis Stream per channel, written by whichever process finished the job
 * (a `lumen worker` or a server) and read by whichever server the client polls. XADD trims approximately
 * (MAXLEN ~) so the cost stays flat; XREAD after `last_id` is exclusive, as clients expect.
 *
 * @example
 * const stream = createRedisEventStream({ redisUrl: 'redis://127.0.0.1:6379', prefix: 'lumen' });
 */
export function createRedisEventStream(options: RedisEventStreamOptions): EventStream {
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
  redis.on('error', () => undefined);
  const maxEvents = options.maxEventsPerChannel ?? CHANNEL_MAX_EVENTS;
  const ttl = options.channelTtlSeconds ?? 86_400;
  return {
    kind: 'redis',
    async publish(channelId, input: AsyncEventInput) {
      const key = eventStreamKey(options.prefix, channelId);
      const data = JSON.stringify({ ...input, channel_id: channelId });
      const result = await redis.multi().xadd(key, 'MAXLEN', '~', String(maxEvents), '*', 'data', data).expire(key, ttl).exec();
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
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
