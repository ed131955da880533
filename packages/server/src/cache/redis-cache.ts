import { Redis } from 'ioredis';
import type { CacheBackend } from './cache-backend';
import type { CacheLocks } from './cache-locks';

/** Deletes a key only while it still holds the caller's value, in one step on the server. */
const RELEASE_IF_HELD = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";
/**
 * The same, and writes the outcome record beside the lock in that step, so a waiter that sees the lock
 * gone already finds the record.
 */
const RELEASE_WITH_OUTCOME =
  "if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('set', KEYS[2], ARGV[2], 'PX', ARGV[3]) return redis.call('del', KEYS[1]) end return 0";

/** Shared cache for several server processes. Keys are namespaced so one Redis can serve several apps. */
export class RedisCache implements CacheBackend {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;
  readonly locks: CacheLocks = {
    acquire: async (name, holder, ttlMs) => (await this.redis.set(this.lockKey(name), holder, 'PX', ttlMs, 'NX')) === 'OK',
    holderOf: (name) => this.redis.get(this.lockKey(name)),
    release: async (name, holder) => {
      await this.redis.eval(RELEASE_IF_HELD, 1, this.lockKey(name), holder);
    },
    releaseWithOutcome: async (name, holder, outcome, ttlMs) => {
      await this.redis.eval(RELEASE_WITH_OUTCOME, 2, this.lockKey(name), this.outcomeKey(name), holder, outcome, ttlMs);
    },
    outcomeOf: (name) => this.redis.get(this.outcomeKey(name)),
  };

  constructor(
    url: string,
    private readonly prefix = 'lumen:cache:',
  ) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  }

  async get(key: string): Promise<Buffer | null> {
    return this.redis.getBuffer(this.prefix + key);
  }

  async set(key: string, value: Buffer, ttlSeconds: number): Promise<void> {
    if (ttlSeconds > 0) await this.redis.set(this.prefix + key, value, 'EX', ttlSeconds);
    else await this.redis.set(this.prefix + key, value);
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  private lockKey(name: string): string {
    return `${this.prefix}lock:${name}`;
  }

  private outcomeKey(name: string): string {
    return `${this.prefix}lock-outcome:${name}`;
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
