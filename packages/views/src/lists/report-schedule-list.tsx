import type { ApiClient } from '@lumen-bi/core';
import { useState, type ReactNode } from 'react';
import type { ToastStore } from '../components/toast-store';
import type { ReportFormat, ReportTarget } from '../reports/report-api';
import { updateReport } from '../reports/report-api';
import { REPORT_MESSAGES } from '../reports/report-messages';
import { ReportModal } from '../reports/report-modal';
import { formatRunTime, REPORT_STATE_CSS, ReportStateBadge } from '../reports/report-state';
import { dashboardHref } from './chart-list';
import { OwnersCell, userName, YES_NO, type ListUser } from './list-cells';
import type { ListPageProps } from './list-page-props';
import type { ListColumn, ListFilterConfig, ListRow } from './list-types';
import { ResourceList } from './resource-list';
import { useResourcePermissions } from './use-resource-permissions';

/** A row of GET /api/v1/report/ with the columns REPORT_SELECT_COLUMNS picks. */
export interface ReportRow extends ListRow {
  name: string;
  type: string;
  active: boolean;
  crontab: string;
  crontab_humanized?: string | null;
  timezone: string;
  report_format?: ReportFormat | string;
  chart_id: number | null;
  dashboard_id: number | null;
  chart?: { id: number; slice_name: string } | null;
  dashboard?: { id: number; dashboard_title: string } | null;
  last_state?: string | null;
  last_eval_dttm?: string | null;
  recipients?: { id?: number; type: string }[];
  recipient_targets?: string[];
  owners?: ListUser[];
  created_by?: ListUser | null;
}

/** The list's columns: the target's name and the recipients' addresses are asked for explicitly (server extras). */
export const REPORT_SELECT_COLUMNS: readonly string[] = [
  'id', 'name', 'type', 'active', 'crontab', 'crontab_humanized', 'timezone', 'report_format', 'chart_id', 'dashboard_id',
  'chart.id', 'chart.slice_name', 'dashboard.id', 'dashboard.dashboard_title', 'last_state', 'last_eval_dttm',
  'recipients.type', 'recipient_targets', 'owners.id', 'owners.first_name', 'owners.last_name', 'created_by.id',
  'created_by.first_name', 'created_by.last_name', 'changed_on_delta_humanized',
];

export const reportLogHref = (id: number) => `/report/${id}/log/`;
export const chartHref = (id: number) => `/explore/?slice_id=${id}`;

/** The chart or dashboard a report renders, linked; a target deleted since shows its id. */
export function ReportTargetLink({ row }: { row: ReportRow }) {
  if (row.chart_id !== null && row.chart_id !== undefined) return <a href={chartHref(row.chart_id)}>{row.chart?.slice_name ?? `Chart ${row.chart_id}`}</a>;
  if (row.dashboard_id !== null && row.dashboard_id !== undefined) return <a href={dashboardHref(row.dashboard_id)}>{row.dashboard?.dashboard_title ?? `Dashboard ${row.dashboard_id}`}</a>;
  return null;
}

/** The target as the report dialog takes it, or null for reports on neither (alerts on SQL). */
export const reportTargetOf = (row: ReportRow): ReportTarget | null =>
  row.chart_id != null ? { chartId: row.chart_id } : row.dashboard_id != null ? { dashboardId: row.dashboard_id } : null;

/** Schedule as the server words it ('At 09:00 AM, only on Monday'), with the zone; the crontab in the tooltip. */
function ScheduleCell({ row }: { row: ReportRow }) {
  return (
    <span title={row.crontab}>
      {row.crontab_humanized || row.crontab} ({row.timezone})
    </span>
  );
}

export function reportColumns(activeCell: (row: ReportRow) => ReactNode): ListColumn<ReportRow>[] {
  return [
    { id: 'name', header: 'Name', sortable: true },
    { id: 'chart', header: 'Chart or dashboard', render: (row) => <ReportTargetLink row={row} /> },
    { id: 'type', header: 'Type', sortable: true, render: (row) => `${row.type}${row.report_format ? ` (${row.report_format})` : ''}` },
    { id: 'crontab', header: 'Schedule', sortable: true, render: (row) => <ScheduleCell row={row} /> },
    { id: 'last_eval_dttm', header: 'Last run', sortable: true, render: (row) => formatRunTime(row.last_eval_dttm) },
    { id: 'last_state', header: 'Last state', sortable: true, render: (row) => <ReportStateBadge state={row.last_state} /> },
    { id: 'recipients', header: 'Recipients', render: (row) => (row.recipient_targets?.length ? row.recipient_targets.join(', ') : (row.recipients ?? []).map((r) => r.type).join(', ')) },
    { id: 'owners', header: 'Owners', render: (row) => <OwnersCell owners={row.owners} /> },
    { id: 'created_by', header: 'Created by', render: (row) => userName(row.created_by) },
    { id: 'active', header: 'Active', sortable: true, render: activeCell },
    // Filter-only: the dashboard filter needs a column of its own (spec 1 §5); the target shows under 'chart'.
    { id: 'dashboard', header: 'Dashboard', hidden: true },
  ];
}

export const REPORT_FILTERS: ListFilterConfig[] = [
  { kind: 'search', key: 'search', id: 'name', label: 'Search', operator: 'ct' },
  { kind: 'select', id: 'owners', label: 'Owner', operator: 'rel_m_m', lookup: { source: 'related', column: 'owners' } },
  { kind: 'select', id: 'created_by', label: 'Created by', operator: 'rel_o_m', lookup: { source: 'related', column: 'created_by' } },
  { kind: 'select', id: 'active', label: 'Active', operator: 'eq', options: YES_NO },
  { kind: 'select', id: 'chart', label: 'Chart', operator: 'rel_o_m', lookup: { source: 'related', column: 'chart' } },
  { kind: 'select', id: 'dashboard', label: 'Dashboard', operator: 'rel_o_m', lookup: { source: 'related', column: 'dashboard' } },
];

/**
 * PUT {active} for one report; true when the server took it. A refusal toasts the spec's wording
 * (spec 3 §8), shared with the chart and dashboard report menus.
 */
export async function setReportActive(client: ApiClient, toasts: ToastStore, id: number, active: boolean): Promise<boolean> {
  try {
    await updateReport(client, id, { active });
    return true;
  } catch {
    toasts.danger(REPORT_MESSAGES.toggleFailed);
    return false;
  }
}

/**
 * The reports list (/report/list/): every report the user may see (their own; admins see all, enforced by
 * the server), with the target linked, schedule, last run and state, recipients, an active toggle, Edit in
 * the report dialog, Delete, and a link to each report's execution log.
 */
export function ReportScheduleList({ client, toasts, search, onUrlChange }: ListPageProps) {
  const { canWrite } = useResourcePermissions(client, 'report');
  // The toggle shows the new value at once and falls back when the server refuses; the next fetch wins.
  const [activeOverride, setActiveOverride] = useState<ReadonlyMap<number, boolean>>(new Map());
  const [editing, setEditing] = useState<{ row: ReportRow; target: ReportTarget } | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);

  const override = (id: number, value: boolean) => setActiveOverride((map) => new Map(map).set(id, value));
  const toggle = async (row: ReportRow, active: boolean) => {
    // What the switch showed before, which may itself be an earlier toggle the list has not refetched yet.
    const previous = activeOverride.get(row.id) ?? row.active;
    override(row.id, active);
    if (!(await setReportActive(client, toasts, row.id, active))) override(row.id, previous);
  };
  const activeCell = (row: ReportRow) => (
    <input
      type="checkbox"
      role="switch"
      checked={activeOverride.get(row.id) ?? row.active}
      disabled={!canWrite}
      onChange={(event) => void toggle(row, event.target.checked)}
      aria-label={`Active: ${row.name}`}
    />
  );

  const rowActions = (row: ReportRow) => {
    const target = reportTargetOf(row);
    return (
      <>
        <a className="bi-link-button" href={reportLogHref(row.id)} aria-label={`Execution log of ${row.name}`}>
          Log
        </a>
        {canWrite && target && (
          <button type="button" className="bi-link-button" onClick={() => setEditing({ row, target })} aria-label={`Edit ${row.name}`}>
            Edit
          </button>
        )}
      </>
    );
  };

  return (
    <>
      <style>{REPORT_STATE_CSS}</style>
      <ResourceList<ReportRow>
        client={client}
        toasts={toasts}
        resource="report"
        title="Reports"
        plural="reports"
        titleOf={(row) => row.name}
        columns={reportColumns(activeCell)}
        filters={REPORT_FILTERS}
        selectColumns={REPORT_SELECT_COLUMNS}
        initialSort={{ column: 'name', order: 'asc' }}
        search={search}
        onUrlChange={onUrlChange}
        refreshKey={refreshKey}
        onRowsChange={() => setActiveOverride(new Map())}
        extraRowActions={rowActions}
      />
      {editing && (
        <ReportModal
          api={client}
          toasts={toasts}
          target={editing.target}
          title={editing.row.chart?.slice_name ?? editing.row.dashboard?.dashboard_title}
          reportId={editing.row.id}
          show
          onHide={() => setEditing(null)}
          onSaved={() => setRefreshKey((n) => n + 1)}
        />
      )}
    </>
  );
}
