import type { ApiClient } from '@lumen-bi/core';
import { useEffect, useId, useMemo, useState } from 'react';
import { Modal } from '../components/modal';
import type { ToastStore } from '../components/toast-store';
import {
  createReport,
  creationMethodOf,
  emailTargetOf,
  fetchReport,
  type ReportFormat,
  type ReportPayload,
  type ReportTarget,
  updateReport,
} from './report-api';
import { REPORT_MESSAGES } from './report-messages';
import { CRON_PRESETS, DEFAULT_CRONTAB, localTimeZone, looksLikeCrontab, timeZones } from './report-schedule-options';
import { LoadingLines } from '../components/skeleton';

export interface ReportModalProps {
  api: ApiClient;
  toasts: ToastStore;
  target: ReportTarget;
  /** Title of the chart or dashboard: the default report name is '{title} report'. */
  title?: string;
  /** Edit this report instead of creating one. */
  reportId?: number;
  show: boolean;
  onHide(): void;
  /** After a successful create or update, with the report's id. */
  onSaved?(id: number): void;
}

const EMAIL = /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/;

/** The formats a target allows: dashboards render to PNG or PDF; charts also to CSV and TEXT. */
export const formatsFor = (target: ReportTarget): ReportFormat[] => (target.dashboardId !== undefined ? ['PNG', 'PDF'] : ['PNG', 'PDF', 'CSV', 'TEXT']);

const FORMAT_LABELS: Record<ReportFormat, string> = { PNG: 'Image (PNG) embedded in email', PDF: 'PDF', CSV: 'Formatted CSV attached in email', TEXT: 'Text embedded in email' };

interface FormState {
  name: string;
  crontab: string;
  timezone: string;
  format: ReportFormat;
  recipients: string;
  active: boolean;
}

/** Field problems shown under the fields; the form cannot be sent while any is set. */
export function validateReportForm(form: FormState): Partial<Record<keyof FormState, string>> {
  const problems: Partial<Record<keyof FormState, string>> = {};
  if (!form.name.trim()) problems.name = 'cannot be empty';
  if (!looksLikeCrontab(form.crontab)) problems.crontab = 'Enter a cron schedule of five fields, e.g. 0 9 * * 1';
  const addresses = form.recipients.split(/[,;]/).map((s) => s.trim()).filter(Boolean);
  if (addresses.length === 0) problems.recipients = 'cannot be empty';
  else if (addresses.some((a) => !EMAIL.test(a))) problems.recipients = 'Enter e-mail addresses separated by commas';
  return problems;
}

/**
 * The report dialog for a chart or a dashboard (spec 3 §2 "Report dialogs"): name, schedule (presets or a
 * cron expression) and timezone, format, e-mail recipients, active. Creating toasts 'The report has been
 * created'; editing toasts 'Report updated'; a refusal shows the server's message in the dialog.
 *
 * @example
 * <ReportModal api={api} toasts={toasts} target={{ dashboardId: 7 }} title="Sales" show={open} onHide={close} />
 */
export function ReportModal({ api, toasts, target, title, reportId, show, onHide, onSaved }: ReportModalProps) {
  const ids = { name: useId(), schedule: useId(), crontab: useId(), timezone: useId(), format: useId(), recipients: useId(), active: useId() };
  const zones = useMemo(() => timeZones(), []);
  const formats = formatsFor(target);
  const [form, setForm] = useState<FormState>({
    name: title ? `${title} report` : '',
    crontab: DEFAULT_CRONTAB,
    timezone: localTimeZone(),
    format: formats[0],
    recipients: '',
    active: true,
  });
  const [loading, setLoading] = useState(reportId !== undefined);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (!show || reportId === undefined) return;
    let live = true;
    setLoading(true);
    fetchReport(api, reportId).then(
      (report) => {
        if (!live) return;
        setForm({ name: report.name, crontab: report.crontab, timezone: report.timezone, format: report.report_format, recipients: emailTargetOf(report), active: report.active });
        setLoading(false);
      },
      (error: unknown) => {
        if (!live) return;
        setFailure(error instanceof Error ? error.message : String(error));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [api, reportId, show]);

  const problems = validateReportForm(form);
  const valid = Object.keys(problems).length === 0;
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const preset = CRON_PRESETS.find((p) => p.crontab === form.crontab.trim())?.crontab ?? '';

  const submit = async () => {
    setTouched(true);
    if (!valid || saving) return;
    setSaving(true);
    setFailure(null);
    const payload: ReportPayload = {
      type: 'Report',
      name: form.name.trim(),
      crontab: form.crontab.trim(),
      timezone: form.timezone,
      report_format: form.format,
      active: form.active,
      creation_method: creationMethodOf(target),
      ...(target.dashboardId !== undefined ? { dashboard: target.dashboardId } : { chart: target.chartId }),
      recipients: [{ type: 'Email', recipient_config_json: { target: form.recipients.trim() } }],
    };
    try {
      let id = reportId;
      if (id === undefined) {
        id = await createReport(api, payload);
        toasts.success(REPORT_MESSAGES.created);
      } else {
        await updateReport(api, id, payload);
        toasts.success(REPORT_MESSAGES.updated);
      }
      onSaved?.(id);
      onHide();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  const shown = (key: keyof FormState) => (touched ? problems[key] : undefined);
  return (
    <Modal
      title={reportId === undefined ? 'Schedule a new email report' : 'Edit email report'}
      show={show}
      onHide={onHide}
      onOk={() => void submit()}
      okText={reportId === undefined ? 'Add' : 'Save'}
      okDisabled={loading || saving}
    >
      {loading ? (
        <LoadingLines label="Loading report" />
      ) : (
        <form className="bi-report-form" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
          {failure && <p role="alert" className="bi-alert bi-alert--error">{failure}</p>}
          <div className="bi-field">
            <label htmlFor={ids.name}>Report name <span className="bi-required">*</span></label>
            <input id={ids.name} className="bi-input" value={form.name} onChange={(e) => set('name', e.target.value)} aria-invalid={Boolean(shown('name'))} />
            {shown('name') && <small className="bi-field-error" role="status">{shown('name')}</small>}
          </div>

          <div className="bi-report-form__row">
            <div className="bi-field">
              <label htmlFor={ids.schedule}>Schedule</label>
              <select id={ids.schedule} className="bi-input" value={preset} onChange={(e) => e.target.value && set('crontab', e.target.value)}>
                <option value="">Custom (cron)</option>
                {CRON_PRESETS.map((p) => (
                  <option key={p.crontab} value={p.crontab}>{p.label}</option>
                ))}
              </select>
            </div>
            <div className="bi-field">
              <label htmlFor={ids.crontab}>Cron schedule <span className="bi-required">*</span></label>
              <input id={ids.crontab} className="bi-input bi-input--code" value={form.crontab} onChange={(e) => set('crontab', e.target.value)} aria-invalid={Boolean(shown('crontab'))} />
              {shown('crontab') && <small className="bi-field-error" role="status">{shown('crontab')}</small>}
            </div>
          </div>

          <div className="bi-field">
            <label htmlFor={ids.timezone}>Timezone</label>
            <select id={ids.timezone} className="bi-input" value={form.timezone} onChange={(e) => set('timezone', e.target.value)}>
              {(zones.includes(form.timezone) ? zones : [form.timezone, ...zones]).map((z) => (
                <option key={z} value={z}>{z}</option>
              ))}
            </select>
          </div>

          <fieldset className="bi-radio-group bi-radio-group--column">
            <legend>Message content</legend>
            {formats.map((format) => (
              <label key={format} className="bi-radio">
                <input type="radio" name={ids.format} value={format} checked={form.format === format} onChange={() => set('format', format)} />
                {FORMAT_LABELS[format]}
              </label>
            ))}
          </fieldset>

          <div className="bi-field">
            <label htmlFor={ids.recipients}>Email recipients <span className="bi-required">*</span></label>
            <input
              id={ids.recipients}
              className="bi-input"
              type="text"
              placeholder="a@example.com, b@example.com"
              value={form.recipients}
              onChange={(e) => set('recipients', e.target.value)}
              aria-invalid={Boolean(shown('recipients'))}
            />
            {shown('recipients') && <small className="bi-field-error" role="status">{shown('recipients')}</small>}
          </div>

          <label htmlFor={ids.active} className="bi-checkbox">
            <input id={ids.active} type="checkbox" checked={form.active} onChange={(e) => set('active', e.target.checked)} /> Active
          </label>
        </form>
      )}
    </Modal>
  );
}
