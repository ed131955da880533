import { type AdmissionPriority, AdmissionTimeoutError, type AdmittedDatabase } from '../admission';
import type { AppContext } from '../context';
import { type ColumnarResult, EngineError, type EngineClient, executeColumns, type ExecuteOptions, type ExecuteResult } from '../engines';
import { ErrorType, LumenError } from '../errors';

/**
 * Chart data's time limit and cancellation, as SQL Lab has them: every statement of one query context runs
 * under one deadline (config.chartDataTimeoutSeconds) and is cancelled in the engine (DuckDB interrupt,
 * pg_cancel_backend, KILL QUERY) when the deadline passes, when the client that asked goes away, or when
 * the server stops. Statements run read-only (ExecuteOptions.readOnly): chart data never writes, so the
 * engine refuses a write that got past the SQL validators, and stops at its own statement timeout too.
 *
 * Each statement first takes a slot of its database's admission control (admission/): time spent waiting
 * counts against the same deadline, and a statement still queued when it passes answers the same timeout
 * error as one that ran too long.
 */
export interface ChartQueryDeadline {
  execute(client: EngineClient, sql: string, params: unknown[], options?: ExecuteOptions): Promise<ExecuteResult>;
  /** The same, answering the result column by column (engines/columnar.ts): what chart data reads. */
  executeColumns(client: EngineClient, sql: string, params: unknown[], options?: ExecuteOptions): Promise<ColumnarResult>;
}

/** Whose statements these are, for the database's admission queue. */
export interface ChartAdmission {
  database: AdmittedDatabase;
  /** admissionUserOf(the requesting user). */
  user: string;
  priority: AdmissionPriority;
}

/** Controllers of the chart-data statements running in each app, so stopping the app can cancel them. */
const inFlight = new WeakMap<AppContext, Set<AbortController>>();

function registry(ctx: AppContext): Set<AbortController> {
  let controllers = inFlight.get(ctx);
  if (!controllers) inFlight.set(ctx, (controllers = new Set()));
  return controllers;
}

/** The incumbent's answer to a chart query past its limit (SupersetTimeoutException, BACKEND_TIMEOUT_ERROR). */
export function chartDataTimeoutError(seconds: number): LumenError {
  return new LumenError(408, `The query exceeded the ${seconds} seconds timeout.`, ErrorType.BACKEND_TIMEOUT_ERROR, {
    timeout: seconds,
    issue_codes: [
      { code: 1000, message: 'Issue 1000 - The dataset is too large to query.' },
      { code: 1001, message: 'Issue 1001 - The database is under an unusual load.' },
    ],
  });
}

/** How many chart-data statements the app is running now (for tests and shutdown logs). */
export function inFlightChartQueries(ctx: AppContext): number {
  return inFlight.get(ctx)?.size ?? 0;
}

/** Cancels every chart-data statement the app is running (the server is stopping). */
export function cancelInFlightChartQueries(ctx: AppContext): number {
  const controllers = [...(inFlight.get(ctx) ?? [])];
  for (const controller of controllers) controller.abort();
  return controllers.length;
}

/**
 * Starts the deadline of one query context; `signal` fires when the client that asked goes away.
 *
 * @example
 * const deadline = startChartQueryDeadline(ctx, { database, user: admissionUserOf(user), priority: 'interactive' }, signal);
 * const result = await deadline.execute(client, 'SELECT 1', []);
 */
export function startChartQueryDeadline(ctx: AppContext, admission: ChartAdmission, signal?: AbortSignal): ChartQueryDeadline {
  const seconds = ctx.config.chartDataTimeoutSeconds;
  const deadline = Date.now() + seconds * 1000;
  /** Runs one statement under the deadline, the admission queue and the app's cancellation. */
  async function underDeadline<T>(client: EngineClient, options: ExecuteOptions, run: (options: ExecuteOptions) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    const abort = () => controller.abort();
    if (signal?.aborted) abort();
    signal?.addEventListener('abort', abort, { once: true });
    const controllers = registry(ctx);
    controllers.add(controller);
    try {
      const ticket = { user: admission.user, priority: admission.priority, deadlineAt: deadline, signal: controller.signal };
      return await ctx.admission.run(admission.database, ticket, () => {
        const timeoutMs = Math.max(1, deadline - Date.now());
        return run({ ...options, signal: controller.signal, timeoutMs, readOnly: true });
      });
    } catch (error) {
      if (error instanceof AdmissionTimeoutError) throw chartDataTimeoutError(seconds);
      if (error instanceof EngineError && error.errorType === ErrorType.CONNECTION_DATABASE_TIMEOUT) throw chartDataTimeoutError(seconds);
      throw error;
    } finally {
      controllers.delete(controller);
      signal?.removeEventListener('abort', abort);
    }
  }
  return {
    execute: (client, sql, params, options = {}) => underDeadline(client, options, (limited) => client.execute(sql, params, limited)),
    executeColumns: (client, sql, params, options = {}) => underDeadline(client, options, (limited) => executeColumns(client, sql, params, limited)),
  };
}
