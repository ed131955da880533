import type { TransactionRun } from './types';

export interface TransactionFrame<T> {
  /** The statement that opens the transaction ('BEGIN', 'START TRANSACTION', 'BEGIN IMMEDIATE'). */
  begin: string;
  /** Runs one statement on the transaction's connection. */
  run: TransactionRun;
  /**
   * Rolls back after a failure. It must not reject: an engine whose rollback can fail records that the
   * connection is in an unknown state (and destroys it instead of pooling it) inside this callback.
   */
  rollback: () => Promise<void>;
  work: (run: TransactionRun) => Promise<T>;
}

/**
 * The part of EngineClient.transaction every engine shares: open, run the work, commit; on any failure
 * after the open, roll back and rethrow the original error (never the rollback's).
 */
export async function runTransactionFrame<T>({ begin, run, rollback, work }: TransactionFrame<T>): Promise<T> {
  await run(begin);
  try {
    const result = await work(run);
    await run('COMMIT');
    return result;
  } catch (error) {
    await rollback();
    throw error;
  }
}
