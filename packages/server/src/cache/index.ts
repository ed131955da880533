import type { LumenConfig } from '../config';
import type { CacheBackend } from './cache-backend';
import { MemoryCache } from './memory-cache';
import { RedisCache } from './redis-cache';

export type { CacheBackend } from './cache-backend';
export type { CacheLocks } from './cache-locks';
export { MemoryCache } from './memory-cache';
export { RedisCache } from './redis-cache';

/** Redis when LUMEN_REDIS_URL is set (shared by all processes), otherwise an in-process LRU. */
export function createCache(config: Pick<LumenConfig, 'redisUrl'>): CacheBackend {
  return config.redisUrl ? new RedisCache(config.redisUrl) : new MemoryCache();
}
