/**
 * A byte-oriented cache: chart-data results are stored already serialised, so a hit is served without
 * re-encoding (the cached-response path stays in the low milliseconds).
 */
export interface CacheBackend {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<Buffer | null>;
  /** ttlSeconds 0 means no expiry. */
  set(key: string, value: Buffer, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}
