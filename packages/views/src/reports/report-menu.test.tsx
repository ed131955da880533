import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createToastStore } from '../components/toast-store';
import { createFakeServer } from '../lists/test-support';
import type { CurrentUser } from '../session/current-user';
import { canWriteReports, ReportMenu } from './report-menu';

afterEach(cleanup);

const user = (roles: CurrentUser['roles']): CurrentUser => ({ id: 3, username: 'u', first_name: '', last_name: '', email: '', is_active: true, roles });
const item = (id: number, name: string, active = true) => ({
  id, name, active, crontab: '0 9 * * 1', crontab_humanized: 'Mondays', timezone: 'UTC', creation_method: 'charts', chart_id: 5, dashboard_id: null,
});

describe('canWriteReports', () => {
  it('allows admins and can_write on ReportSchedule only', () => {
    expect(canWriteReports(null)).toBe(false);
    expect(canWriteReports(user({ Gamma: [['can_read', 'ReportSchedule']] }))).toBe(false);
    expect(canWriteReports(user({ Alpha: [['can_write', 'ReportSchedule']] }))).toBe(true);
    expect(canWriteReports(user({ Admin: [] }))).toBe(true);
  });
});

describe('ReportMenu', () => {
  it("offers 'Set up an email report' when the user has none, opening the report dialog", async () => {
    const server = createFakeServer({ 'GET /api/v1/report/': () => ({ count: 0, result: [] }) });
    render(<ReportMenu api={server.client} toasts={createToastStore()} target={{ chartId: 5 }} user={user({ Admin: [] })} title="Revenue" />);
    await waitFor(() => expect(server.find('GET', '/api/v1/report/')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Set up an email report' }));
    expect((await screen.findByLabelText('Report name *') as HTMLInputElement).value).toBe('Revenue report');
  });

  it("offers 'Manage email report' listing the user's reports with toggle, edit and delete", async () => {
    const server = createFakeServer({
      'GET /api/v1/report/': () => ({ count: 1, result: [item(1, 'Weekly')] }),
      'PUT /api/v1/report/1': () => ({ id: 1, result: {} }),
    });
    render(<ReportMenu api={server.client} toasts={createToastStore()} target={{ chartId: 5 }} user={user({ Alpha: [['can_write', 'ReportSchedule']] })} title="Revenue" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage email report' }));
    const panel = screen.getByRole('dialog', { name: 'Email reports' });
    await within(panel).findByText('Weekly');
    expect(within(panel).getByRole('button', { name: 'Edit Weekly' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Delete Weekly' })).toBeTruthy();
    fireEvent.click(within(panel).getByLabelText('Active: Weekly'));
    await waitFor(() => expect(server.find('PUT', '/api/v1/report/1')[0]?.body).toEqual({ active: false }));
  });
});
