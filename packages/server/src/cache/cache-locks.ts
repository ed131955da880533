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
  /**
   * Releases the lock like `release` and, in the same step, leaves `outcome` beside it for `ttlMs`: how the
   * holder's run ended (its failure), for the processes that waited on it to read once the lock is gone.
   */
  releaseWithOutcome(name: string, holder: string, outcome: string, ttlMs: number): Promise<void>;
  /** The outcome the last holder left (see releaseWithOutcome), or null when none is left or it expired. */
  outcomeOf(name: string): Promise<string | null>;
}
