import { Redis } from 'ioredis';
import type { CacheBackend } from './cache-backend';

/** Shared cache for several server processes. Keys are namespaced so one Redis can serve several apps. */
export class RedisCache implements CacheBackend {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;

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

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
