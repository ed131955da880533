import type { FastifyBaseLogger } from 'fastify';
import type { CacheBackend } from '../cache';
import { compress, type CompressionEffort, type ContentEncoding } from '../http/content-encoding';

/**
 * The compressed copies of cached chart-data answers, one per answer and encoding, kept in the cache under
 * `compressed:<encoding>:<hash>` so that a hit sends stored bytes and never compresses per hit.
 *
 * The first hit that finds no copy compresses at the fast setting (milliseconds for a megabyte), answers and
 * stores that copy, then asks for the best setting off the request path: one compression at a time per
 * process, on the thread pool, written over the fast copy when done; hits until then send the fast copy.
 * Only answers that are hit get the costly copy (a refresh nobody reads again costs nothing more).
 *
 * An entry is `LUMENZ1 <effort>\n<compressed bytes>`; anything else reads as missing and is compressed again.
 */
const MAGIC = 'LUMENZ1 ';
const EFFORTS: readonly CompressionEffort[] = ['fast', 'best'];
/** Copies waiting for the best setting; beyond this a request is dropped and a later hit asks again. */
const MAX_PENDING = 8;

export interface CompressedCopy {
  bytes: Buffer;
  effort: CompressionEffort;
}

export function encodeCompressedCopy(copy: CompressedCopy): Buffer {
  return Buffer.concat([Buffer.from(`${MAGIC}${copy.effort}\n`), copy.bytes]);
}

/** The copy in a cache entry, or null when the entry is not in this format. */
export function decodeCompressedCopy(entry: Buffer): CompressedCopy | null {
  if (entry.toString('latin1', 0, MAGIC.length) !== MAGIC) return null;
  const end = entry.indexOf(10, MAGIC.length);
  const effort = entry.toString('latin1', MAGIC.length, end) as CompressionEffort;
  if (end < 0 || !EFFORTS.includes(effort)) return null;
  return { bytes: entry.subarray(end + 1), effort };
}

export const compressedCopyKey = (encoding: ContentEncoding, hash: string): string => `compressed:${encoding}:${hash}`;

interface Upgrade {
  key: string;
  encoding: ContentEncoding;
  body: Buffer;
}

export class CompressedCopies {
  private readonly pending = new Map<string, Upgrade>();
  private running: Promise<void> | null = null;
  /** Fast copies being written, each followed by its upgrade request. */
  private readonly firstWrites = new Set<Promise<void>>();

  constructor(
    private readonly cache: CacheBackend,
    private readonly ttlSeconds: number,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** The bytes a hit sends for `body` (the answer `hash` names) in `encoding`: stored, or compressed now and stored. */
  async forHit(hash: string, encoding: ContentEncoding, body: Buffer): Promise<Buffer> {
    const key = compressedCopyKey(encoding, hash);
    const entry = await this.cache.get(key).catch(() => null);
    const copy = entry ? decodeCompressedCopy(entry) : null;
    if (copy?.effort === 'best') return copy.bytes;
    if (copy) {
      this.upgrade({ key, encoding, body });
      return copy.bytes;
    }
    const fast = await compress(body, encoding, 'fast');
    // Not awaited: the answer need not wait for the write. The upgrade is asked for after it, so the best copy
    // is written last (a concurrent first hit may still write its fast copy over it; the next hit then asks again).
    const stored = this.write(key, { bytes: fast, effort: 'fast' }).then(() => this.upgrade({ key, encoding, body }));
    this.firstWrites.add(stored);
    void stored.finally(() => this.firstWrites.delete(stored));
    return fast;
  }

  /** Resolves when no compression is waiting or running (tests; a process about to stop). */
  async idle(): Promise<void> {
    while (this.firstWrites.size || this.running) await Promise.all([...this.firstWrites, this.running]);
  }

  private upgrade(request: Upgrade): void {
    if (this.pending.has(request.key) || this.pending.size >= MAX_PENDING) return;
    this.pending.set(request.key, request);
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
  }

  /** One at a time: the best setting takes seconds of a core per megabyte, which the engine also needs. */
  private async drain(): Promise<void> {
    for (const [key, request] of this.pending) {
      try {
        await this.write(key, { bytes: await compress(request.body, request.encoding, 'best'), effort: 'best' });
      } catch (error) {
        this.logger.warn({ err: error }, 'compressing a cached chart-data answer failed; hits keep the fast copy');
      } finally {
        this.pending.delete(key);
      }
    }
  }

  private write(key: string, copy: CompressedCopy): Promise<void> {
    return this.cache.set(key, encodeCompressedCopy(copy), this.ttlSeconds).catch((error: unknown) => this.logger.warn({ err: error }, 'compressed chart-data cache write failed'));
  }
}

const byCache = new WeakMap<CacheBackend, CompressedCopies>();

/** The compressed copies kept in this cache (one queue per cache, so per process and app). */
export function compressedCopiesOf(cache: CacheBackend, ttlSeconds: number, logger: FastifyBaseLogger): CompressedCopies {
  let copies = byCache.get(cache);
  if (!copies) byCache.set(cache, (copies = new CompressedCopies(cache, ttlSeconds, logger)));
  return copies;
}
