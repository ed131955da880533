import { describe, expect, it } from 'vitest';
import { ListAnswerCache, type CachedListAnswer } from './list-answer-cache';

const answer = (text: string): CachedListAnswer => ({ body: Buffer.from(text), hash: text, compressed: {} });

describe('ListAnswerCache', () => {
  it('serves an answer only at the version it was made at', () => {
    const cache = new ListAnswerCache(10_000, 5000);
    cache.set('k', 3, answer('a'));
    expect(cache.get('k', 4)).toBeNull();
    // A mismatch drops the entry: the version only moves forward.
    expect(cache.get('k', 3)).toBeNull();
    cache.set('k', 4, answer('b'));
    expect(cache.get('k', 4)?.body.toString()).toBe('b');
  });

  it('expires answers after their time to live', () => {
    let now = 1000;
    const cache = new ListAnswerCache(10_000, 2000, () => now);
    cache.set('k', 1, answer('a'));
    now = 2999;
    expect(cache.get('k', 1)?.body.toString()).toBe('a');
    now = 3000;
    expect(cache.get('k', 1)).toBeNull();
  });

  it('evicts the least recently used past its byte bound, counting compressed copies', () => {
    const cache = new ListAnswerCache(3 * (256 + 100), 5000);
    const kept = answer('x'.repeat(100));
    cache.set('a', 1, kept);
    cache.set('b', 1, answer('y'.repeat(100)));
    cache.set('c', 1, answer('z'.repeat(100)));
    expect(cache.get('a', 1)).toBe(kept); // now 'b' is the least recently used
    cache.addCompressed('a', kept, 'br', Buffer.alloc(50));
    expect(cache.get('b', 1)).toBeNull();
    expect(cache.get('c', 1)).not.toBeNull();
    expect(cache.get('a', 1)?.compressed.br?.length).toBe(50);
    expect(cache.size).toBe(2 * 356 + 50);
  });

  it('does not keep an answer bigger than the whole bound', () => {
    const cache = new ListAnswerCache(300, 5000);
    cache.set('big', 1, answer('x'.repeat(100)));
    expect(cache.get('big', 1)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('shares one run among requests that miss at once, and keeps its answer', async () => {
    const cache = new ListAnswerCache(10_000, 5000);
    let runs = 0;
    const make = async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return answer('made');
    };
    const [a, b] = await Promise.all([cache.getOrMake('k', 1, make), cache.getOrMake('k', 1, make)]);
    expect(a).toBe(b);
    expect(runs).toBe(1);
    expect(await cache.getOrMake('k', 1, make)).toBe(a);
    expect(runs).toBe(1);
    await cache.getOrMake('k', 2, make); // another version is another answer
    expect(runs).toBe(2);
  });

  it('keeps nothing when the run fails, and runs again on the next request', async () => {
    const cache = new ListAnswerCache(10_000, 5000);
    await expect(cache.getOrMake('k', 1, () => Promise.reject(new Error('bad q')))).rejects.toThrow('bad q');
    expect((await cache.getOrMake('k', 1, async () => answer('ok'))).body.toString()).toBe('ok');
  });
});
