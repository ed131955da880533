import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from '../components/toast-store';
import { createFakeServer, reply } from '../lists/test-support';
import { formatsFor, ReportModal, validateReportForm } from './report-modal';

afterEach(cleanup);

const texts = (toasts: ReturnType<typeof createToastStore>) => toasts.toasts.value.map((t) => `${t.toastType}:${t.text}`);

describe('ReportModal', () => {
  it('creates a dashboard report with the schedule, timezone, format and recipients, then toasts', async () => {
    const server = createFakeServer({ 'POST /api/v1/report/': () => reply(201, { id: 42, result: {} }) });
    const toasts = createToastStore();
    const onSaved = vi.fn();
    const onHide = vi.fn();
    render(<ReportModal api={server.client} toasts={toasts} target={{ dashboardId: 7 }} title="Sales" show onHide={onHide} onSaved={onSaved} />);
    expect((screen.getByLabelText('Report name *') as HTMLInputElement).value).toBe('Sales report');
    // Dashboards offer PNG and PDF only.
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Schedule'), { target: { value: '0 9 * * 1-5' } });
    expect((screen.getByLabelText('Cron schedule *') as HTMLInputElement).value).toBe('0 9 * * 1-5');
    fireEvent.change(screen.getByLabelText('Timezone'), { target: { value: 'Europe/Paris' } });
    fireEvent.click(screen.getByLabelText('PDF'));
    fireEvent.change(screen.getByLabelText('Email recipients *'), { target: { value: 'a@example.org, b@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(42));
    expect(server.find('POST', '/api/v1/report/')[0].body).toEqual({
      type: 'Report',
      name: 'Sales report',
      crontab: '0 9 * * 1-5',
      timezone: 'Europe/Paris',
      report_format: 'PDF',
      active: true,
      creation_method: 'dashboards',
      dashboard: 7,
      recipients: [{ type: 'Email', recipient_config_json: { target: 'a@example.org, b@example.org' } }],
    });
    expect(texts(toasts)).toEqual(['success:The report has been created']);
    expect(onHide).toHaveBeenCalled();
  });

  it('edits an existing report and toasts "Report updated"', async () => {
    const server = createFakeServer({
      'GET /api/v1/report/5': () => ({
        id: 5,
        result: {
          id: 5, name: 'Old', active: false, crontab: '0 8 * * *', timezone: 'UTC', creation_method: 'charts', report_format: 'CSV',
          chart: { id: 3 }, dashboard: null, recipients: [{ id: 1, type: 'Email', recipient_config_json: '{"target": "x@example.org"}' }],
        },
      }),
      'PUT /api/v1/report/5': () => ({ id: 5, result: {} }),
    });
    const toasts = createToastStore();
    render(<ReportModal api={server.client} toasts={toasts} target={{ chartId: 3 }} reportId={5} show onHide={() => undefined} />);
    await screen.findByDisplayValue('Old');
    expect((screen.getByLabelText('Email recipients *') as HTMLInputElement).value).toBe('x@example.org');
    expect((screen.getByLabelText('Formatted CSV attached in email') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Report name *'), { target: { value: 'New' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(texts(toasts)).toEqual(['success:Report updated']));
    expect(server.find('PUT', '/api/v1/report/5')[0].body).toMatchObject({ name: 'New', chart: 3, creation_method: 'charts', report_format: 'CSV', active: false });
  });

  it('shows field problems and the server refusal instead of sending or closing', async () => {
    const server = createFakeServer({ 'POST /api/v1/report/': () => reply(422, { message: 'Name must be unique' }) });
    const toasts = createToastStore();
    const onHide = vi.fn();
    render(<ReportModal api={server.client} toasts={toasts} target={{ chartId: 3 }} show onHide={onHide} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(server.calls).toHaveLength(0);
    expect(screen.getAllByText('cannot be empty')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Report name *'), { target: { value: 'Dup' } });
    fireEvent.change(screen.getByLabelText('Email recipients *'), { target: { value: 'a@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Name must be unique');
    expect(onHide).not.toHaveBeenCalled();
    expect(toasts.toasts.value).toHaveLength(0);
  });

  it('offers CSV and TEXT for charts only and validates cron and addresses', () => {
    expect(formatsFor({ chartId: 1 })).toEqual(['PNG', 'PDF', 'CSV', 'TEXT']);
    expect(formatsFor({ dashboardId: 1 })).toEqual(['PNG', 'PDF']);
    const base = { name: 'r', crontab: '0 9 * * 1', timezone: 'UTC', format: 'PNG' as const, recipients: 'a@b.org', active: true };
    expect(validateReportForm(base)).toEqual({});
    expect(validateReportForm({ ...base, crontab: '0 9 * *' }).crontab).toBeDefined();
    expect(validateReportForm({ ...base, recipients: 'a@b.org, nope' }).recipients).toBeDefined();
  });
});
