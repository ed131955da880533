import type { AppContext } from '../context';
import { notFound } from '../errors';
import type { ReportExecutionLogTable, ReportScheduleTable } from '../metadata/schema';
import type { Selectable } from 'kysely';

/** A report schedule row with its recipients, as the executor needs it. */
export type ReportRow = Selectable<ReportScheduleTable>;
export type ExecutionLogRow = Selectable<ReportExecutionLogTable>;

export interface Recipient {
  type: string;
  target: string;
  ccTarget?: string;
  bccTarget?: string;
}

export interface LoadedReport {
  row: ReportRow;
  recipients: Recipient[];
  /** The report's owners: who runs it is decided by report-run-as.ts from the configured executors. */
  ownerIds: number[];
}

/** Report states of the incumbent's ReportState. */
export const ReportState = {
  SUCCESS: 'Success',
  WORKING: 'Working',
  ERROR: 'Error',
  NOOP: 'Not triggered',
  GRACE: 'On Grace',
} as const;

export async function loadReport(ctx: Pick<AppContext, 'store'>, id: number): Promise<LoadedReport> {
  const { db } = ctx.store;
  const row = await db.selectFrom('report_schedule').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Report Schedule not found.');
  const [recipientRows, owners] = await Promise.all([
    db.selectFrom('report_recipient').selectAll().where('report_schedule_id', '=', id).orderBy('id').execute(),
    db.selectFrom('report_schedule_user').select('user_id').where('report_schedule_id', '=', id).orderBy('user_id').execute(),
  ]);
  const recipients = recipientRows.map((r) => {
    let config: Record<string, unknown> = {};
    try {
      config = JSON.parse(r.recipient_config_json) as Record<string, unknown>;
    } catch {
      config = {};
    }
    const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
    return { type: r.type, target: text(config.target) ?? '', ccTarget: text(config.ccTarget), bccTarget: text(config.bccTarget) };
  });
  return { row, recipients, ownerIds: owners.map((o) => o.user_id) };
}

/** The API shape of one execution log entry (ReportExecutionLogRestApi.get_list) plus error_type. */
export function serializeLog(row: ExecutionLogRow): Record<string, unknown> {
  let errorType: string | null = null;
  if (row.value_row_json) {
    try {
      errorType = (JSON.parse(row.value_row_json) as { error_type?: string }).error_type ?? null;
    } catch {
      errorType = null;
    }
  }
  return {
    id: row.id,
    uuid: row.uuid,
    scheduled_dttm: row.scheduled_dttm,
    start_dttm: row.start_dttm,
    end_dttm: row.end_dttm,
    state: row.state,
    error_message: row.error_message,
    error_type: errorType,
    value: row.value,
    value_row_json: row.value_row_json,
  };
}
