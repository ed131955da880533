import type { ApiClient } from '@lumen-bi/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ToastStore } from '../components/toast-store';
import { formatMessage } from '../lists/list-messages';
import { deleteReport, fetchReports, type ReportListItem, type ReportTarget, updateReport } from './report-api';
import { REPORT_MESSAGES } from './report-messages';

export interface UseReportsOptions {
  /** The signed-in user: reports shown are those they created (spec 3 §6). */
  userId: number;
  toasts: ToastStore;
}

export interface UseReportsResult {
  reports: readonly ReportListItem[];
  loading: boolean;
  /** Set when the last fetch failed. */
  error: boolean;
  refresh(): Promise<void>;
  /** PUT {active}; reverts and toasts on failure. */
  setActive(report: ReportListItem, active: boolean): Promise<boolean>;
  /** DELETE; toasts 'Deleted: {name}' or 'Your report could not be deleted'. */
  remove(report: ReportListItem): Promise<boolean>;
}

/**
 * The current user's reports on one chart or dashboard, with the list actions of the report menu.
 *
 * @example
 * const { reports, setActive, remove } = useReports(api, { dashboardId: 7 }, { userId: me.id, toasts });
 */
export function useReports(api: ApiClient, target: ReportTarget, options: UseReportsOptions): UseReportsResult {
  const [reports, setReports] = useState<readonly ReportListItem[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState(false);
  const { userId, toasts } = options;
  const chartId = target.chartId;
  const dashboardId = target.dashboardId;
  const generation = useRef(0);

  const refresh = useCallback(async () => {
    const mine = ++generation.current;
    setLoading(true);
    const key: ReportTarget = dashboardId !== undefined ? { dashboardId } : { chartId: chartId as number };
    try {
      const list = await fetchReports(api, key, userId);
      if (mine !== generation.current) return;
      setReports(list);
      setError(false);
    } catch {
      if (mine !== generation.current) return;
      setError(true);
      toasts.danger(REPORT_MESSAGES.fetchFailed, { noDuplicate: true });
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, [api, chartId, dashboardId, userId, toasts]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const setActive = useCallback(
    async (report: ReportListItem, active: boolean) => {
      const flip = (value: boolean) => setReports((list) => list.map((r) => (r.id === report.id ? { ...r, active: value } : r)));
      flip(active);
      try {
        await updateReport(api, report.id, { active });
        return true;
      } catch {
        flip(report.active);
        toasts.danger(REPORT_MESSAGES.toggleFailed);
        return false;
      }
    },
    [api, toasts],
  );

  const remove = useCallback(
    async (report: ReportListItem) => {
      try {
        await deleteReport(api, report.id);
        setReports((list) => list.filter((r) => r.id !== report.id));
        toasts.success(formatMessage(REPORT_MESSAGES.deleted, report.name));
        return true;
      } catch {
        toasts.danger(REPORT_MESSAGES.deleteFailed);
        return false;
      }
    },
    [api, toasts],
  );

  return { reports, loading, error, refresh, setActive, remove };
}
