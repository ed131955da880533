import type { AppContext } from '../context';
import type { QueryRunner } from '../query-runner';
import type { StopBroadcast } from './stop-broadcast';

/**
 * Per-app SQL Lab machinery: the async query runner and the abort controllers of synchronous queries
 * running in this process (so /api/v1/query/stop can cancel those too). Kept per AppContext, never in
 * module globals, so two apps in one process (tests) never share queries.
 */
export interface SqlLabState {
  runner: QueryRunner;
  /**
   * client_id -> controller of a query this process is running outside the runner: a synchronous
   * execution in a server, or an async job in a `lumen worker`.
   */
  active: Map<string, AbortController>;
  /** With Redis: reaches the process that runs a query (see stop-broadcast.ts). */
  stopBroadcast?: StopBroadcast;
}

const states = new WeakMap<AppContext, SqlLabState>();

export function setSqlLabState(ctx: AppContext, state: SqlLabState): void {
  states.set(ctx, state);
}

export function getSqlLabState(ctx: AppContext): SqlLabState {
  const state = states.get(ctx);
  if (!state) throw new Error('SQL Lab is not registered on this app');
  return state;
}

/** Cancels a query wherever this process runs it; true when it was found (queued, async or sync). */
export async function cancelLocally(ctx: AppContext, clientId: string): Promise<boolean> {
  const state = getSqlLabState(ctx);
  const controller = state.active.get(clientId);
  if (controller) {
    controller.abort();
    return true;
  }
  return state.runner.cancel(clientId);
}

/**
 * Stops a query wherever it runs: here if this process has it, otherwise (with Redis) by telling every
 * process, since another server or a worker may be running it.
 */
export async function cancelEverywhere(ctx: AppContext, clientId: string): Promise<void> {
  if (await cancelLocally(ctx, clientId)) return;
  await getSqlLabState(ctx).stopBroadcast?.publish(clientId);
}
