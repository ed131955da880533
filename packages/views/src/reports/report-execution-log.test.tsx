import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeServer, reply } from '../lists/test-support';
import { ReportExecutionLog } from './report-execution-log';
import { formatDuration, formatRunTime, reportStateTone } from './report-state';

afterEach(cleanup);

const run = (id: number, state: string, start: string, end: string | null, error: string | null = null) => ({
  id, uuid: `u${id}`, scheduled_dttm: start, start_dttm: start, end_dttm: end, state, error_message: error, value: null, value_row_json: null,
});

describe('ReportExecutionLog', () => {
  it('lists the runs with state, times, duration and error, and pages through them', async () => {
    const pages = [
      [run(3, 'Error', '2025-01-20T09:00:00.000Z', '2025-01-20T09:00:03.500Z', 'Failed taking a screenshot'), run(2, 'Success', '2025-01-13T09:00:00.000Z', '2025-01-13T09:00:00.850Z')],
      [run(1, 'Working', '2025-01-06T09:00:00.000Z', null)],
    ];
    const { client, find } = createFakeServer({
      'GET /api/v1/report/4': () => ({ id: 4, result: { name: 'Monday sales' } }),
      'GET /api/v1/report/4/log/': (call) => ({ count: 3, ids: [], result: pages[(call.q as { page: number }).page] }),
    });
    render(<ReportExecutionLog client={client} reportId={4} pageSize={2} />);
    expect(await screen.findByRole('heading', { name: 'Execution log: Monday sales' })).toBeTruthy();
    const failed = within(screen.getByText('Failed taking a screenshot').closest('tr')!);
    expect(failed.getByText('Error').closest('[data-state]')!.getAttribute('data-state')).toBe('error');
    expect(failed.getByText('2025-01-20 09:00:03 UTC')).toBeTruthy();
    expect(failed.getByText('3.5 s')).toBeTruthy();
    expect(within(screen.getByText('850 ms').closest('tr')!).getByText('Success')).toBeTruthy();
    expect(screen.getByTestId('log-row-count').textContent).toBe('1-2 of 3');
    expect(find('GET', '/api/v1/report/4/log/')[0].q).toEqual({ order_column: 'start_dttm', order_direction: 'desc', page: 0, page_size: 2 });

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Working');
    expect(screen.getByTestId('log-row-count').textContent).toBe('3-3 of 3');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Reports' }).getAttribute('href')).toBe('/report/list/');
  });

  it('says when the report has not run, and shows the server’s refusal for a report that is not yours', async () => {
    const { client } = createFakeServer({
      'GET /api/v1/report/5': () => ({ id: 5, result: { name: 'Fresh' } }),
      'GET /api/v1/report/5/log/': () => ({ count: 0, ids: [], result: [] }),
      'GET /api/v1/report/6': () => reply(404, { message: 'Not found' }),
      'GET /api/v1/report/6/log/': () => reply(404, { message: 'Not found' }),
    });
    const { unmount } = render(<ReportExecutionLog client={client} reportId={5} />);
    expect(await screen.findByText('This report has not run yet.')).toBeTruthy();
    unmount();
    render(<ReportExecutionLog client={client} reportId={6} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Not found');
  });
});

describe('report state and time formatting', () => {
  it('maps states to tones, formats UTC times and durations', () => {
    expect(['Success', 'Error', 'Working', 'Not triggered', 'On Grace', null].map(reportStateTone)).toEqual(['success', 'error', 'working', 'noop', 'grace', 'noop']);
    expect(formatRunTime('2025-01-06T09:00:01.000Z')).toBe('2025-01-06 09:00:01 UTC');
    expect(formatRunTime(null)).toBe('');
    expect(formatDuration('2025-01-06T09:00:00Z', '2025-01-06T09:02:05Z')).toBe('2 min 5 s');
    expect(formatDuration('2025-01-06T09:00:00Z', null)).toBe('');
  });
});
