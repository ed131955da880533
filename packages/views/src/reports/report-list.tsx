import type { ApiClient } from '@lumen-bi/core';
import { useState } from 'react';
import type { ToastStore } from '../components/toast-store';
import type { ReportTarget } from './report-api';
import { ReportModal } from './report-modal';
import { useReports } from './use-reports';
import { LoadingLines } from '../components/skeleton';

export interface ReportListProps {
  api: ApiClient;
  toasts: ToastStore;
  target: ReportTarget;
  /** The signed-in user's id: only their reports are listed (spec 3 §6). */
  userId: number;
  /** Title of the chart or dashboard, for the default report name. */
  title?: string;
  /** Whether the user may add and change reports (can_write on ReportSchedule). */
  canWrite?: boolean;
}

/**
 * The report menu of a chart or dashboard header: the user's reports with an active toggle, Edit and
 * Delete, and 'Set up an email report' opening the ReportModal.
 *
 * @example
 * <ReportList api={api} toasts={toasts} target={{ dashboardId: 7 }} userId={me.id} title="Sales" canWrite />
 */
export function ReportList({ api, toasts, target, userId, title, canWrite = true }: ReportListProps) {
  const { reports, loading, setActive, remove, refresh } = useReports(api, target, { userId, toasts });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  return (
    <div className="bi-report-list">
      {loading && reports.length === 0 ? (
        <LoadingLines label="Loading reports" />
      ) : (
        <ul aria-label="Email reports">
          {reports.map((report) => (
            <li key={report.id}>
              <label>
                <input
                  type="checkbox"
                  checked={report.active}
                  disabled={!canWrite}
                  onChange={(e) => void setActive(report, e.target.checked)}
                  aria-label={`Active: ${report.name}`}
                />
                {report.name}
              </label>
              <span className="bi-report-list__schedule">{report.crontab_humanized ?? report.crontab}</span>
              {canWrite && (
                <>
                  <button type="button" className="bi-button" onClick={() => setEditing(report.id)} aria-label={`Edit ${report.name}`}>
                    Edit
                  </button>
                  <button type="button" className="bi-button" onClick={() => void remove(report)} aria-label={`Delete ${report.name}`}>
                    Delete
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <button type="button" className="bi-button bi-button--primary" onClick={() => setEditing('new')}>
          Set up an email report
        </button>
      )}
      {editing !== null && (
        <ReportModal
          api={api}
          toasts={toasts}
          target={target}
          title={title}
          reportId={editing === 'new' ? undefined : editing}
          show
          onHide={() => setEditing(null)}
          onSaved={() => void refresh()}
        />
      )}
    </div>
  );
}
