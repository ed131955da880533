import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createToastStore } from '../components/toast-store';
import { REPORT_SELECT_COLUMNS, ReportScheduleList } from './report-schedule-list';
import { ALL_PERMISSIONS, createFakeServer, reply } from './test-support';

afterEach(cleanup);

const texts = (toasts: ReturnType<typeof createToastStore>) => toasts.toasts.value.map((t) => `${t.toastType}: ${t.text}`);

/** Report rows as GET /api/v1/report/ answers REPORT_SELECT_COLUMNS. */
const reportRows = () => [
  {
    id: 1, name: 'Monday sales', type: 'Report', active: true, crontab: '0 9 * * 1', crontab_humanized: 'At 09:00 AM, only on Monday', timezone: 'Europe/Paris',
    report_format: 'PNG', chart_id: null, dashboard_id: 7, chart: null, dashboard: { id: 7, dashboard_title: 'Sales' }, last_state: 'Error',
    last_eval_dttm: '2025-01-06T09:00:04.000Z', recipients: [{ type: 'Email' }], recipient_targets: ['ada@example.org, bob@example.org'],
    owners: [{ id: 2, first_name: 'Ada', last_name: 'Lovelace' }], created_by: { id: 2, first_name: 'Ada', last_name: 'Lovelace' },
  },
  {
    id: 2, name: 'Daily births', type: 'Report', active: false, crontab: '0 8 * * *', crontab_humanized: 'At 08:00 AM', timezone: 'UTC',
    report_format: 'CSV', chart_id: 3, dashboard_id: null, chart: { id: 3, slice_name: 'Births' }, dashboard: null, last_state: 'Success',
    last_eval_dttm: null, recipients: [{ type: 'Email' }], recipient_targets: ['ada@example.org'],
    owners: [{ id: 2, first_name: 'Ada', last_name: 'Lovelace' }], created_by: { id: 2, first_name: 'Ada', last_name: 'Lovelace' },
  },
];

function reportServer(overrides: Record<string, (call: never) => unknown> = {}) {
  let rows = reportRows();
  const server = createFakeServer({
    'GET /api/v1/report/_info': ALL_PERMISSIONS,
    'GET /api/v1/report/': () => ({ count: rows.length, result: rows }),
    'DELETE /api/v1/report/2': () => {
      rows = rows.filter((r) => r.id !== 2);
      return { message: 'OK' };
    },
    'DELETE /api/v1/report/': () => {
      rows = [];
      return { message: 'Deleted 2 reports' };
    },
    ...overrides,
  });
  return server;
}

describe('ReportScheduleList', () => {
  it('shows each report with its target linked, schedule, last run and state, recipients and owner', async () => {
    const { client, find } = reportServer();
    render(<ReportScheduleList client={client} toasts={createToastStore()} />);
    const row = (await screen.findByText('Monday sales')).closest('tr')!;
    const cells = within(row);
    expect(cells.getByRole('link', { name: 'Sales' }).getAttribute('href')).toBe('/superset/dashboard/7/');
    expect(cells.getByText('Report (PNG)')).toBeTruthy();
    expect(cells.getByText('At 09:00 AM, only on Monday (Europe/Paris)').getAttribute('title')).toBe('0 9 * * 1');
    expect(cells.getByText('2025-01-06 09:00:04 UTC')).toBeTruthy();
    expect(cells.getByText('Error').closest('[data-state]')!.getAttribute('data-state')).toBe('error');
    expect(cells.getByText('ada@example.org, bob@example.org')).toBeTruthy();
    expect(cells.getAllByText('Ada Lovelace')).toHaveLength(2);
    expect(cells.getByRole('link', { name: 'Execution log of Monday sales' }).getAttribute('href')).toBe('/report/1/log/');

    const births = within(screen.getByText('Daily births').closest('tr')!);
    expect(births.getByRole('link', { name: 'Births' }).getAttribute('href')).toBe('/explore/?slice_id=3');
    expect(births.getByText('Success').closest('[data-state]')!.getAttribute('data-state')).toBe('success');

    // Sorted by name, and the target's name and the addresses asked for explicitly.
    const q = find('GET', '/api/v1/report/')[0].q as Record<string, unknown>;
    expect(q).toMatchObject({ order_column: 'name', order_direction: 'asc', page: 0, page_size: 15 });
    expect(q.select_columns).toEqual(REPORT_SELECT_COLUMNS);
  });

  it('searches by name on Enter and sorts by last run', async () => {
    const { client, find } = reportServer();
    render(<ReportScheduleList client={client} toasts={createToastStore()} />);
    await screen.findByText('Monday sales');
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: '  Monday ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect((find('GET', '/api/v1/report/').at(-1)!.q as { filters?: unknown[] }).filters).toEqual([{ col: 'name', opr: 'ct', value: 'Monday' }]));
    fireEvent.click(screen.getByRole('button', { name: /^Last run/ }));
    await waitFor(() => expect(find('GET', '/api/v1/report/').at(-1)!.q).toMatchObject({ order_column: 'last_eval_dttm' }));
  });

  it('toggles active with PUT {active}, and reverts with the spec’s message when refused', async () => {
    let refuse = false;
    const { client, find } = reportServer({ 'PUT /api/v1/report/1': () => (refuse ? reply(403, { message: 'Forbidden' }) : { id: 1, result: {} }) });
    const toasts = createToastStore();
    render(<ReportScheduleList client={client} toasts={toasts} />);
    const toggle = (await screen.findByRole('switch', { name: 'Active: Monday sales' })) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    fireEvent.click(toggle);
    expect(toggle.checked).toBe(false);
    await waitFor(() => expect(find('PUT', '/api/v1/report/1')).toHaveLength(1));
    expect(find('PUT', '/api/v1/report/1')[0].body).toEqual({ active: false });
    expect(toggle.checked).toBe(false);

    refuse = true;
    fireEvent.click(toggle);
    await screen.findByText('We were unable to active or deactivate this report.');
    expect(texts(toasts)).toEqual(['danger: We were unable to active or deactivate this report.']);
    // Back to the value the server still holds.
    expect(toggle.checked).toBe(false);
  });

  it("deletes a report ('Deleted: %s') and says 'Your report could not be deleted' when refused", async () => {
    const { client } = reportServer({ 'DELETE /api/v1/report/1': () => reply(422, { message: 'nope' }) });
    const toasts = createToastStore();
    render(<ReportScheduleList client={client} toasts={toasts} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Daily births' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Please confirm' })).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Deleted: Daily births');
    await waitFor(() => expect(screen.queryByText('Daily births', { selector: 'td' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Delete Monday sales' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Please confirm' })).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Your report could not be deleted');
    expect(texts(toasts)).toEqual(['success: Deleted: Daily births', 'danger: Your report could not be deleted']);
  });

  it('bulk deletes the selected reports and then shows the empty state', async () => {
    const { client, find } = reportServer();
    const toasts = createToastStore();
    render(<ReportScheduleList client={client} toasts={toasts} />);
    await screen.findByText('Monday sales');
    fireEvent.click(await screen.findByRole('button', { name: 'Bulk select' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    fireEvent.click(within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Please confirm' })).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Deleted 2 reports');
    expect(find('DELETE', '/api/v1/report/')[0].q).toEqual([1, 2]);
    await screen.findByText('No Data');
  });

  it('opens the report dialog on Edit and refetches after saving', async () => {
    const { client, find } = reportServer({
      'GET /api/v1/report/2': () => ({
        id: 2,
        result: {
          id: 2, name: 'Daily births', active: false, crontab: '0 8 * * *', timezone: 'UTC', creation_method: 'charts', report_format: 'CSV',
          chart: { id: 3 }, dashboard: null, recipients: [{ id: 1, type: 'Email', recipient_config_json: '{"target": "ada@example.org"}' }],
        },
      }),
      'PUT /api/v1/report/2': () => ({ id: 2, result: {} }),
    });
    const toasts = createToastStore();
    render(<ReportScheduleList client={client} toasts={toasts} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Daily births' }));
    await screen.findByDisplayValue('Daily births');
    const listCalls = find('GET', '/api/v1/report/').length;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Report updated');
    expect(find('PUT', '/api/v1/report/2')[0].body).toMatchObject({ name: 'Daily births', chart: 3, creation_method: 'charts', report_format: 'CSV' });
    await waitFor(() => expect(find('GET', '/api/v1/report/').length).toBeGreaterThan(listCalls));
  });

  it('offers no toggle, Edit or Delete without can_write, but still the log', async () => {
    const { client } = reportServer({ 'GET /api/v1/report/_info': () => ({ permissions: ['can_read'] }) });
    render(<ReportScheduleList client={client} toasts={createToastStore()} />);
    await screen.findByText('Monday sales');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Execution log of Monday sales' })).toBeTruthy());
    expect((screen.getByRole('switch', { name: 'Active: Monday sales' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Edit Monday sales' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Monday sales' })).toBeNull();
  });
});
