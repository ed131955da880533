import type { ApiClient } from '@lumen-bi/core';
import { useState } from 'react';
import type { ToastStore } from '../components/toast-store';
import type { CurrentUser } from '../session/current-user';
import type { ReportTarget } from './report-api';
import { Modal } from '../components/modal';
import { ReportList } from './report-list';
import { ReportModal } from './report-modal';
import { useReports } from './use-reports';

/** Who may add and change reports: admins and roles holding can_write on ReportSchedule. */
export function canWriteReports(user: CurrentUser | null | undefined): boolean {
  if (!user) return false;
  return Object.entries(user.roles ?? {}).some(([role, pairs]) => role.toLowerCase() === 'admin' || pairs.some(([p, v]) => p === 'can_write' && v === 'ReportSchedule'));
}

export interface ReportMenuProps {
  api: ApiClient;
  toasts: ToastStore;
  target: ReportTarget;
  user: CurrentUser;
  /** Title of the chart or dashboard, for the default report name. */
  title?: string;
}

export const SET_UP_REPORT_LABEL = 'Set up an email report';
export const MANAGE_REPORT_LABEL = 'Manage email report';

/**
 * The header entry for email reports: 'Set up an email report' opens the ReportModal when the user has none
 * on this chart or dashboard; 'Manage email report' opens their reports with toggle, Edit and Delete.
 * Callers render it only for users who pass canWriteReports.
 *
 * @example
 * {canWriteReports(user) && <ReportMenu api={api} toasts={toasts} target={{ dashboardId: 7 }} user={user} title="Sales" />}
 */
export function ReportMenu({ api, toasts, target, user, title }: ReportMenuProps) {
  const { reports, refresh } = useReports(api, target, { userId: user.id, toasts });
  const [open, setOpen] = useState<'modal' | 'list' | null>(null);
  const hasReports = reports.length > 0;
  const close = () => {
    setOpen(null);
    void refresh();
  };
  return (
    <span className="bi-report-menu">
      <button type="button" className="bi-button" aria-haspopup="dialog" aria-expanded={open !== null} onClick={() => setOpen(open ? null : hasReports ? 'list' : 'modal')}>
        {hasReports ? MANAGE_REPORT_LABEL : SET_UP_REPORT_LABEL}
      </button>
      {open === 'modal' && <ReportModal api={api} toasts={toasts} target={target} title={title} show onHide={close} onSaved={() => void refresh()} />}
      <Modal
        title="Email reports"
        show={open === 'list'}
        onHide={close}
        responsive
        footer={
          <button type="button" className="bi-button" onClick={close}>
            Close
          </button>
        }
      >
        <ReportList api={api} toasts={toasts} target={target} userId={user.id} title={title} canWrite />
      </Modal>
    </span>
  );
}
