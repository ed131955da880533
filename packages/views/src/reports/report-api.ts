import type { ApiClient } from '@lumen-bi/core';

/**
 * The report calls of spec 3 §7 over the API client: list the current user's reports on a chart or a
 * dashboard, create, edit (or only toggle `active`), delete.
 */
export type ReportFormat = 'PNG' | 'PDF' | 'CSV' | 'TEXT';

/** What a report hangs on: exactly one of chart or dashboard. */
export type ReportTarget = { chartId: number; dashboardId?: undefined } | { dashboardId: number; chartId?: undefined };

/** A list item of GET /api/v1/report/. */
export interface ReportListItem {
  id: number;
  name: string;
  active: boolean;
  crontab: string;
  crontab_humanized?: string;
  timezone: string;
  creation_method: string;
  report_format?: ReportFormat;
  chart_id: number | null;
  dashboard_id: number | null;
  last_state?: string;
  last_eval_dttm?: string | null;
}

/** GET /api/v1/report/{id}: recipients carry recipient_config_json as JSON text (or an object). */
export interface ReportDetail extends Omit<ReportListItem, 'chart_id' | 'dashboard_id'> {
  report_format: ReportFormat;
  chart: { id: number } | null;
  dashboard: { id: number } | null;
  recipients: { id?: number; type: string; recipient_config_json: string | { target: string } }[];
}

/** The body of POST and PUT (ReportScheduleRestApi.post). */
export interface ReportPayload {
  type: 'Report';
  name: string;
  crontab: string;
  timezone: string;
  report_format: ReportFormat;
  active: boolean;
  creation_method: 'charts' | 'dashboards';
  chart?: number;
  dashboard?: number;
  recipients: { type: 'Email'; recipient_config_json: { target: string } }[];
}

export const creationMethodOf = (target: ReportTarget): 'charts' | 'dashboards' => (target.dashboardId !== undefined ? 'dashboards' : 'charts');

/** The list filters of spec 3 §7: chart_id or dashboard_id, creation_method, created_by. */
export function reportListQuery(target: ReportTarget, userId: number) {
  const filters = [
    target.dashboardId !== undefined ? { col: 'dashboard_id', opr: 'eq', value: target.dashboardId } : { col: 'chart_id', opr: 'eq', value: target.chartId },
    { col: 'creation_method', opr: 'eq', value: creationMethodOf(target) },
    { col: 'created_by', opr: 'rel_o_m', value: userId },
  ];
  return { filters, order_column: 'name', order_direction: 'asc', page: 0, page_size: 100 };
}

export async function fetchReports(api: ApiClient, target: ReportTarget, userId: number): Promise<ReportListItem[]> {
  const response = await api.get<{ result: ReportListItem[] }>('/api/v1/report/', { rison: reportListQuery(target, userId) });
  return response.json.result;
}

export async function fetchReport(api: ApiClient, id: number): Promise<ReportDetail> {
  return (await api.get<{ result: ReportDetail }>(`/api/v1/report/${id}`)).json.result;
}

export async function createReport(api: ApiClient, payload: ReportPayload): Promise<number> {
  return (await api.post<{ id: number }>('/api/v1/report/', payload)).json.id;
}

export async function updateReport(api: ApiClient, id: number, payload: Partial<ReportPayload>): Promise<void> {
  await api.put(`/api/v1/report/${id}`, payload);
}

export async function deleteReport(api: ApiClient, id: number): Promise<void> {
  await api.delete(`/api/v1/report/${id}`);
}

/** The first e-mail recipient's target of a report detail ('' when none). */
export function emailTargetOf(report: ReportDetail): string {
  const email = report.recipients.find((r) => r.type === 'Email');
  if (!email) return '';
  const config = typeof email.recipient_config_json === 'string' ? (JSON.parse(email.recipient_config_json) as { target?: string }) : email.recipient_config_json;
  return config?.target ?? '';
}
