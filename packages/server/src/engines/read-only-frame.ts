/**
 * The read-only frame of ExecuteOptions.readOnly, shared by the engines that have read-only transactions
 * (PostgreSQL, MariaDB/MySQL, DuckDB): a second wall behind the SQL validators, so a statement that slips
 * past them still cannot write, and still stops at the engine's own timeout.
 */

/** Margin between Lumen's own timer and the engine's statement timeout: Lumen cancels first and answers
 * the timeout error itself; the engine's limit is the backstop when that cancel cannot reach it. */
export const ENGINE_TIMEOUT_MARGIN_MS = 1000;

/** Statement timeout of read-only sessions when the caller gives none (5 minutes). */
export const DEFAULT_READ_ONLY_TIMEOUT_MS = 300_000;

/** The engine-side statement timeout (milliseconds) for a caller's `timeoutMs`. */
export function engineTimeoutMs(timeoutMs: number | undefined): number {
  return timeoutMs && timeoutMs > 0 ? Math.ceil(timeoutMs) + ENGINE_TIMEOUT_MARGIN_MS : DEFAULT_READ_ONLY_TIMEOUT_MS;
}

export interface ReadOnlyFrame<T> {
  /** Statements that open the read-only transaction and set its timeout, run in order. */
  begin: string[];
  /** Runs one statement on the connection that `work` uses. */
  run: (sql: string) => Promise<unknown>;
  work: () => Promise<T>;
  /** Told when the closing ROLLBACK failed: the connection is in an unknown state and must not be reused. */
  onBroken: () => void;
}

/**
 * Opens the transaction, runs the work and always rolls back: a read-only query has nothing to commit, and
 * a rollback also undoes any session setting the statement changed (PostgreSQL's set_config(…, false)), so
 * a pooled connection goes back to the pool as it came.
 */
export async function runReadOnlyFrame<T>({ begin, run, work, onBroken }: ReadOnlyFrame<T>): Promise<T> {
  let opened = false;
  try {
    for (const statement of begin) {
      await run(statement);
      opened = true;
    }
    return await work();
  } finally {
    if (opened) await run('ROLLBACK').catch(onBroken);
  }
}
