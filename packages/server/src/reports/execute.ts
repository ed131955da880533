import { randomUUID } from 'node:crypto';
import { ErrorType, LumenError } from '../errors';
import { deliverToRecipients } from './deliver';
import { type ProduceDeps, produceContent } from './produce-content';
import { NotificationError, type ReportContent } from './report-content';
import { type ExecutionLogRow, loadReport, ReportState } from './report-model';
import { reportExecutor } from './report-run-as';

/**
 * One execution of a report: state Working -> Success | Error, with a report_execution_log row holding the
 * slot, start, end, state and error. Rules (after the incumbent's AsyncExecuteReportScheduleCommand):
 * - a previous execution still Working and started less than grace_period seconds ago makes this one a
 *   no-op (nothing is re-sent while it may still deliver);
 * - a Working execution older than working_timeout (its process died) is marked Error 'Report execution timed out';
 * - this execution is abandoned after working_timeout seconds with the same error;
 * - log rows older than log_retention days are removed afterwards.
 */
export const TIMED_OUT = 'Report execution timed out';
const DAY_MS = 86_400_000;
/** Rendering never waits longer than this for a page, even with a generous working_timeout. */
const MAX_RENDER_MS = 120_000;

export interface ExecuteDeps extends ProduceDeps {
  now?: () => Date;
  /** Replaces produce + deliver (tests of the state machine). */
  run?: (content: () => Promise<ReportContent>) => Promise<void>;
}

export interface ExecuteOptions {
  scheduledAt: Date;
}

export type ExecuteOutcome = { kind: 'ran'; log: ExecutionLogRow } | { kind: 'skipped'; reason: string; log: ExecutionLogRow | null };

class TimeoutError extends Error {}

/** Races the work against the timeout; the signal tells the work it was abandoned (so it sends nothing late). */
function withTimeout<T>(work: (signal: AbortSignal) => Promise<T>, seconds: number): Promise<T> {
  const controller = new AbortController();
  if (seconds <= 0) return work(controller.signal);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new TimeoutError(TIMED_OUT));
    }, seconds * 1000);
  });
  return Promise.race([work(controller.signal), timeout]).finally(() => clearTimeout(timer));
}

function errorTypeOf(error: unknown): string {
  if (error instanceof NotificationError) return ErrorType.REPORT_NOTIFICATION_ERROR;
  if (error instanceof TimeoutError) return ErrorType.BACKEND_TIMEOUT_ERROR;
  if (error instanceof LumenError) return error.errorType;
  return ErrorType.GENERIC_BACKEND_ERROR;
}

/**
 * Runs the report now (for the scheduler's slot or a manual run) and returns its log entry.
 *
 * @example
 * const outcome = await executeReport(deps, 7, { scheduledAt: new Date() });
 */
export async function executeReport(deps: ExecuteDeps, reportId: number, options: ExecuteOptions): Promise<ExecuteOutcome> {
  const { ctx } = deps;
  const { db } = ctx.store;
  const now = deps.now ?? (() => new Date());
  const report = await loadReport(ctx, reportId);
  const { row } = report;

  const previous = await db
    .selectFrom('report_execution_log')
    .selectAll()
    .where('report_schedule_id', '=', reportId)
    .where('state', '=', ReportState.WORKING)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (previous) {
    const started = new Date(previous.start_dttm ?? previous.scheduled_dttm).getTime();
    const age = (now().getTime() - started) / 1000;
    if (row.working_timeout > 0 && age > row.working_timeout) {
      await db
        .updateTable('report_execution_log')
        .set({ state: ReportState.ERROR, end_dttm: now().toISOString(), error_message: TIMED_OUT, value_row_json: JSON.stringify({ error_type: ErrorType.BACKEND_TIMEOUT_ERROR }) })
        .where('id', '=', previous.id)
        .execute();
    } else if (age < row.grace_period) {
      return { kind: 'skipped', reason: 'The previous execution is still working', log: previous };
    }
  }

  const start = now().toISOString();
  const inserted = await db
    .insertInto('report_execution_log')
    .values({ uuid: randomUUID(), report_schedule_id: reportId, scheduled_dttm: options.scheduledAt.toISOString(), start_dttm: start, end_dttm: null, value: null, value_row_json: null, state: ReportState.WORKING, error_message: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const logId = inserted.id;
  await db.updateTable('report_schedule').set({ last_state: ReportState.WORKING }).where('id', '=', reportId).execute();

  let state: string = ReportState.SUCCESS;
  let errorMessage: string | null = null;
  let errorType: string | null = null;
  try {
    const work = async (signal: AbortSignal) => {
      const user = await reportExecutor(ctx, report);
      const renderMs = Math.min(MAX_RENDER_MS, row.working_timeout > 0 ? row.working_timeout * 1000 : MAX_RENDER_MS);
      const content = () => produceContent(deps, report, user, renderMs);
      if (deps.run) return deps.run(content);
      const produced = await content();
      if (signal.aborted) return;
      await deliverToRecipients(ctx.config, report.recipients, produced);
    };
    await withTimeout(work, row.working_timeout);
  } catch (error) {
    state = ReportState.ERROR;
    errorMessage = (error as Error).message || String(error);
    errorType = errorTypeOf(error);
    ctx.logger.warn({ err: error, reportId }, 'report execution failed');
  }
  const end = now().toISOString();
  await db
    .updateTable('report_execution_log')
    .set({ state, end_dttm: end, error_message: errorMessage, value_row_json: errorType ? JSON.stringify({ error_type: errorType }) : null })
    .where('id', '=', logId)
    .execute();
  await db.updateTable('report_schedule').set({ last_state: state }).where('id', '=', reportId).execute();
  await pruneLogs(deps, reportId, row.log_retention, now(), logId);
  const log = await db.selectFrom('report_execution_log').selectAll().where('id', '=', logId).executeTakeFirstOrThrow();
  return { kind: 'ran', log };
}

/** Deletes this report's log rows older than `days` days (0 keeps them all), never the entry `keepId`. */
export async function pruneLogs(deps: Pick<ExecuteDeps, 'ctx'>, reportId: number, days: number, now: Date, keepId = -1): Promise<number> {
  if (days <= 0) return 0;
  const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
  const result = await deps.ctx.store.db
    .deleteFrom('report_execution_log')
    .where('report_schedule_id', '=', reportId)
    .where('scheduled_dttm', '<', cutoff)
    .where('state', '<>', ReportState.WORKING)
    .where('id', '<>', keepId)
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
