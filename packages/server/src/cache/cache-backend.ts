/**
 * A byte-oriented cache: chart-data results are stored already serialised, so a hit is served without
 * re-encoding (the cached-response path stays in the low milliseconds).
 */
import type { CacheLocks } from './cache-locks';

export interface CacheBackend {
  readonly kind: 'memory' | 'redis';
  /** Locks shared with other processes (Redis); absent for an in-process cache, which one process owns. */
  readonly locks?: CacheLocks;
  get(key: string): Promise<Buffer | null>;
  /** ttlSeconds 0 means no expiry. */
  set(key: string, value: Buffer, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}
