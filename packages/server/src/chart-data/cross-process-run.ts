import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AdmissionQueueFullError } from '../admission';
import type { CacheLocks } from '../cache';
import { decodeSharedFailure, encodeSharedFailure } from './shared-failure';
import type { StoredResult } from './stored-result';

/**
 * Coalescing across server processes on one Redis: the process that takes a query's lock (SET NX PX) runs
 * it and writes the result cache; the others poll that cache until the result appears, for a bounded time.
 * When the holder's query fails, it leaves the error beside the lock as it lets go (a short-lived record),
 * and the waiters answer that same error instead of running the failing query again each. When the holder
 * finishes without a result or an error for them (it died and the lock expired, or its own clients went
 * away and cancelled it) a waiter tries to take the lock itself, so nobody waits on a query that nobody is
 * running any more; when the bound passes, the waiter runs the query itself. A force refresh only waits on a run that began after the
 * refresh was asked for, and only for a result written after that run began.
 */
export interface CrossProcessRunOptions<T> {
  locks: CacheLocks;
  key: string;
  force: boolean;
  requestedAt: number;
  /** How long a lock lives: the query's own time limit, so a dead holder releases it by then. */
  lockMs: number;
  /** How long a waiter polls before running the query itself. */
  waitMs: number;
  pollMs?: number;
  signal: AbortSignal;
  /** Reads the result cache. */
  readStored(): Promise<StoredResult | null>;
  /** The result a waiter answers with, from the entry the holder wrote. */
  fromStored(stored: StoredResult): T;
  /** Runs the query and writes the result cache. */
  compute(): Promise<T>;
}

/** How long a failure record outlives the lock: waiters poll every pollMs, so they all read it well within this. */
const FAILURE_RECORD_MS = 10_000;

/** A lock's value: who took it and when, so a force refresh can tell whether the run is new enough. */
const holderValue = (startedAt: number) => `${startedAt}:${randomBytes(6).toString('hex')}`;
const startedAtOf = (holder: string) => Number(holder.split(':')[0]);

/** A lock operation failed (Redis unreachable): coalescing is an optimisation, so the query runs anyway. */
class LocksUnavailable extends Error {
  override name = 'LocksUnavailable';
}

async function lockStep<R>(operation: Promise<R>): Promise<R> {
  try {
    return await operation;
  } catch (error) {
    throw new LocksUnavailable(error instanceof Error ? error.message : String(error));
  }
}

export async function runOnceAcrossProcesses<T>(options: CrossProcessRunOptions<T>): Promise<T> {
  try {
    return (await waitForAnotherProcess(options)) ?? (await options.compute());
  } catch (error) {
    if (error instanceof LocksUnavailable) return options.compute();
    throw error;
  }
}

/**
 * Takes the lock and runs the query (its result, or its failure, is this caller's), or waits for the
 * process that holds it; null when this caller should run the query without the lock after all.
 */
async function waitForAnotherProcess<T>(options: CrossProcessRunOptions<T>): Promise<T | null> {
  const { locks, key } = options;
  const lockName = `chart-data:${key}`;
  const giveUpAt = Date.now() + options.waitMs;
  while (Date.now() < giveUpAt && !options.signal.aborted) {
    const holder = holderValue(Date.now());
    if (await lockStep(locks.acquire(lockName, holder, options.lockMs))) return computeHoldingLock(options, lockName, holder);
    const current = await lockStep(locks.holderOf(lockName));
    if (current === null) continue;
    const runStartedAt = startedAtOf(current);
    if (options.force && !(runStartedAt >= options.requestedAt)) break;
    const stored = await waitForResult(options, lockName, current, options.force ? runStartedAt : 0, giveUpAt);
    if (stored) return options.fromStored(stored);
  }
  return null;
}

/**
 * Runs the query as the lock's holder; lets go of the lock when it settles, leaving its failure for the
 * waiters, unless the failure is this process's alone: its clients went away (the signal), or its own
 * admission queue for the database was full. Then a waiter takes over instead.
 */
async function computeHoldingLock<T>(options: CrossProcessRunOptions<T>, lockName: string, holder: string): Promise<T> {
  const { locks } = options;
  try {
    const result = await options.compute();
    await locks.release(lockName, holder).catch(() => undefined);
    return result;
  } catch (error) {
    const ownOnly = options.signal.aborted || error instanceof AdmissionQueueFullError;
    const letGo = ownOnly ? locks.release(lockName, holder) : locks.releaseWithOutcome(lockName, holder, encodeSharedFailure(holder, error), FAILURE_RECORD_MS);
    await letGo.catch(() => undefined);
    throw error;
  }
}

/**
 * Polls the cache while `holder` holds the lock; null when it let go without a new enough result or a
 * failure record; throws the holder's error when it left one.
 */
async function waitForResult<T>(options: CrossProcessRunOptions<T>, lockName: string, holder: string, writtenSince: number, giveUpAt: number): Promise<StoredResult | null> {
  const pollMs = options.pollMs ?? 25;
  let runningFor = holder;
  while (Date.now() < giveUpAt && !options.signal.aborted) {
    await sleep(pollMs);
    const stored = await options.readStored();
    if (stored && stored.writtenAt >= writtenSince) return stored;
    const current = await lockStep(options.locks.holderOf(lockName));
    if (current !== null) {
      // Another process may have taken the lock over between two polls (the first holder died): its
      // outcome is now the one to wait for.
      runningFor = current;
      continue;
    }
    // The holder may have written just before letting go: look once more before taking over.
    const last = await options.readStored();
    if (last && last.writtenAt >= writtenSince) return last;
    const failure = decodeSharedFailure(await lockStep(options.locks.outcomeOf(lockName)), runningFor);
    if (failure) throw failure;
    return null;
  }
  return null;
}
