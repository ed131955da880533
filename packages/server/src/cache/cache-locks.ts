/**
 * Short-lived named locks shared by every server process on one cache (Redis SET NX PX): the process that
 * takes a query's lock runs it, the others wait for its result in the cache. A lock expires by itself, so a
 * process that dies while holding one blocks nobody for longer than the lock's lifetime.
 */
export interface CacheLocks {
  /** Takes the lock when nobody holds it; `holder` identifies the taker (and when it started). */
  acquire(name: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Who holds the lock now, or null. */
  holderOf(name: string): Promise<string | null>;
  /** Releases the lock if `holder` still holds it (an expired lock may since belong to another). */
  release(name: string, holder: string): Promise<void>;
}
