import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CacheBackend } from './cache-backend';
import { MemoryCache } from './memory-cache';
import { RedisCache } from './redis-cache';

const backends: [string, () => CacheBackend][] = [
  ['memory', () => new MemoryCache()],
  ['redis', () => new RedisCache('redis://127.0.0.1:6379', `lumen:test:${randomBytes(4).toString('hex')}:`)],
];

describe.each(backends)('%s cache', (_name, make) => {
  it('stores, expires and deletes bytes', async () => {
    const cache = make();
    try {
      await cache.set('a', Buffer.from('hello'), 0);
      expect((await cache.get('a'))?.toString()).toBe('hello');
      await cache.set('b', Buffer.from('short'), 1);
      expect((await cache.get('b'))?.toString()).toBe('short');
      await new Promise((r) => setTimeout(r, 1100));
      expect(await cache.get('b')).toBeNull();
      await cache.delete('a');
      expect(await cache.get('a')).toBeNull();
    } finally {
      await cache.close();
    }
  });
});

describe('MemoryCache', () => {
  it('evicts the least recently used entry by bytes and count', async () => {
    const cache = new MemoryCache(10, 100);
    await cache.set('a', Buffer.from('1234'), 0);
    await cache.set('b', Buffer.from('5678'), 0);
    await cache.get('a');
    await cache.set('c', Buffer.from('9999'), 0);
    expect(await cache.get('b')).toBeNull();
    expect((await cache.get('a'))?.toString()).toBe('1234');
    expect(() => new MemoryCache(10, 0)).toThrow('Cache capacity must be at least 1');
  });
});
