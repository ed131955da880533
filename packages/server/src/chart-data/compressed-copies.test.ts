import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { MemoryCache } from '../cache';
import { compress } from '../http/content-encoding';
import { CompressedCopies, compressedCopyKey, decodeCompressedCopy, encodeCompressedCopy } from './compressed-copies';

const body = Buffer.from(JSON.stringify({ result: [{ data: Array.from({ length: 4000 }, (_, i) => ({ id: i, country: ['DE', 'FR', 'US'][i % 3], revenue: (i * 7.31) % 1000 })) }] }));
const logger = () => ({ warn: vi.fn() }) as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> };

async function storedCopy(cache: MemoryCache, key: string) {
  const entry = await cache.get(key);
  return entry ? decodeCompressedCopy(entry) : null;
}

describe('compressed copies of cached chart-data answers', () => {
  it('reads back what it writes, and reads entries in another format as missing', () => {
    const bytes = Buffer.from([1, 2, 3, 10, 4]);
    expect(decodeCompressedCopy(encodeCompressedCopy({ bytes, effort: 'best' }))).toEqual({ bytes, effort: 'best' });
    expect(decodeCompressedCopy(encodeCompressedCopy({ bytes, effort: 'fast' }))?.effort).toBe('fast');
    expect(decodeCompressedCopy(bytes)).toBeNull();
    expect(decodeCompressedCopy(Buffer.from('LUMENZ1 slow\nxyz'))).toBeNull();
    expect(decodeCompressedCopy(Buffer.from('LUMENZ1 best'))).toBeNull();
  });

  it('answers the first hit with a fast copy, then stores the well-compressed copy off the request path', async () => {
    const cache = new MemoryCache();
    const copies = new CompressedCopies(cache, 0, logger());
    const key = compressedCopyKey('br', 'answer-1');
    const first = await copies.forHit('answer-1', 'br', body);
    expect(brotliDecompressSync(first).equals(body)).toBe(true);
    await copies.idle();
    const best = await storedCopy(cache, key);
    expect(best?.effort).toBe('best');
    expect(brotliDecompressSync(best!.bytes).equals(body)).toBe(true);
    expect(best!.bytes.length).toBeLessThan(first.length);
    const later = await copies.forHit('answer-1', 'br', body);
    expect(later.equals(best!.bytes)).toBe(true);
  });

  it('sends a stored fast copy as it is (no compression per hit) and upgrades it once', async () => {
    const cache = new MemoryCache();
    const copies = new CompressedCopies(cache, 0, logger());
    const key = compressedCopyKey('gzip', 'answer-2');
    const fast = await compress(body, 'gzip', 'fast');
    await cache.set(key, encodeCompressedCopy({ bytes: fast, effort: 'fast' }), 0);
    const hits = await Promise.all([1, 2, 3].map(() => copies.forHit('answer-2', 'gzip', body)));
    expect(hits.every((hit) => hit.equals(fast))).toBe(true);
    await copies.idle();
    const best = await storedCopy(cache, key);
    expect(best?.effort).toBe('best');
    expect(gunzipSync(best!.bytes).equals(body)).toBe(true);
  });

  it('still answers when the cache cannot be written, and says so in the log', async () => {
    const cache = new MemoryCache();
    vi.spyOn(cache, 'set').mockRejectedValue(new Error('cache down'));
    const log = logger();
    const copies = new CompressedCopies(cache, 0, log);
    const hit = await copies.forHit('answer-3', 'br', body);
    expect(brotliDecompressSync(hit).equals(body)).toBe(true);
    await copies.idle();
    expect(log.warn).toHaveBeenCalledWith(expect.anything(), 'compressed chart-data cache write failed');
  });
});
