import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createToastStore } from '../components/toast-store';
import { createFakeServer, reply } from '../lists/test-support';
import { ReportList } from './report-list';

afterEach(cleanup);

const item = (id: number, name: string, active = true) => ({
  id, name, active, crontab: '0 9 * * 1', crontab_humanized: 'At 09:00 AM, only on Monday', timezone: 'UTC', creation_method: 'dashboards', chart_id: null, dashboard_id: 7,
});
const texts = (toasts: ReturnType<typeof createToastStore>) => toasts.toasts.value.map((t) => `${t.toastType}:${t.text}`);

describe('useReports via ReportList', () => {
  it("lists the current user's reports of a dashboard with the spec's filters", async () => {
    const server = createFakeServer({ 'GET /api/v1/report/': () => ({ count: 1, result: [item(1, 'Weekly')] }) });
    render(<ReportList api={server.client} toasts={createToastStore()} target={{ dashboardId: 7 }} userId={3} />);
    await screen.findByText('Weekly');
    expect(screen.getByText('At 09:00 AM, only on Monday')).toBeTruthy();
    expect((server.find('GET', '/api/v1/report/')[0].q as { filters: unknown[] }).filters).toEqual([
      { col: 'dashboard_id', opr: 'eq', value: 7 },
      { col: 'creation_method', opr: 'eq', value: 'dashboards' },
      { col: 'created_by', opr: 'rel_o_m', value: 3 },
    ]);
  });

  it('toggles active with PUT {active} and reverts with a toast when refused', async () => {
    let fail = false;
    const server = createFakeServer({
      'GET /api/v1/report/': () => ({ count: 1, result: [item(1, 'Weekly')] }),
      'PUT /api/v1/report/1': () => (fail ? reply(500, { message: 'boom' }) : { id: 1, result: { active: false } }),
    });
    const toasts = createToastStore();
    render(<ReportList api={server.client} toasts={toasts} target={{ dashboardId: 7 }} userId={3} />);
    const box = (await screen.findByLabelText('Active: Weekly')) as HTMLInputElement;
    fireEvent.click(box);
    await waitFor(() => expect(server.find('PUT', '/api/v1/report/1')).toHaveLength(1));
    expect(server.find('PUT', '/api/v1/report/1')[0].body).toEqual({ active: false });
    expect(box.checked).toBe(false);
    fail = true;
    fireEvent.click(box);
    await waitFor(() => expect(texts(toasts)).toEqual(['danger:We were unable to active or deactivate this report.']));
    expect(box.checked).toBe(false);
  });

  it("deletes with 'Deleted: %s' and says so when it cannot", async () => {
    let fail = false;
    const server = createFakeServer({
      'GET /api/v1/report/': () => ({ count: 2, result: [item(1, 'Weekly'), item(2, 'Daily')] }),
      'DELETE /api/v1/report/1': () => ({ message: 'OK' }),
      'DELETE /api/v1/report/2': () => (fail ? reply(403, { message: 'no' }) : { message: 'OK' }),
    });
    const toasts = createToastStore();
    render(<ReportList api={server.client} toasts={toasts} target={{ dashboardId: 7 }} userId={3} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Weekly' }));
    await waitFor(() => expect(screen.queryByText('Weekly')).toBeNull());
    expect(texts(toasts)).toEqual(['success:Deleted: Weekly']);
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Delete Daily' }));
    await waitFor(() => expect(texts(toasts)).toContain('danger:Your report could not be deleted'));
    expect(screen.getByText('Daily')).toBeTruthy();
  });

  it('toasts when the reports cannot be fetched', async () => {
    const server = createFakeServer({ 'GET /api/v1/report/': () => reply(500, { message: 'down' }) });
    const toasts = createToastStore();
    render(<ReportList api={server.client} toasts={toasts} target={{ chartId: 3 }} userId={3} />);
    await waitFor(() => expect(texts(toasts)).toEqual(['danger:There was an issue fetching reports attached to this dashboard.']));
  });

  it('opens the modal from "Set up an email report"', async () => {
    const server = createFakeServer({ 'GET /api/v1/report/': () => ({ count: 0, result: [] }) });
    render(<ReportList api={server.client} toasts={createToastStore()} target={{ chartId: 3 }} userId={3} title="Births" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Set up an email report' }));
    expect(screen.getByRole('dialog', { name: 'Schedule a new email report' })).toBeTruthy();
    expect((screen.getByLabelText('Report name *') as HTMLInputElement).value).toBe('Births report');
  });
});
