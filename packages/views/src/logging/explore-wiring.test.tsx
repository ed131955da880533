import type { EventLogger, LogEventPayload } from '@lumen-bi/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from '../components/toast-store';
import { ExploreView } from '../explore/explore-view';
import { ADMIN, baseRoutes, createFakeServer, newRegistry } from '../explore/test-support';

afterEach(cleanup);

const CHART_7 = {
  id: 7,
  slice_name: 'Births by gender',
  viz_type: 'table',
  params: JSON.stringify({ datasource: '1__table', viz_type: 'table', metrics: ['sum__num'], groupby: ['gender'] }),
  datasource_id: 1,
  datasource_type: 'table',
  owners: [{ id: 1 }],
  dashboards: [{ id: 3 }],
};

describe('ExploreView wiring of logging and reports', () => {
  it('logs mount_explorer with the slice id and offers the email report entry for a saved chart', async () => {
    const server = createFakeServer(
      baseRoutes({
        'GET /api/v1/chart/7': () => ({ result: CHART_7 }),
        'GET /api/v1/report/': () => ({ count: 0, result: [] }),
        'GET /api/v1/me/': () => ({ result: { ...ADMIN, roles: { Alpha: [...ADMIN.roles.Alpha, ['can_write', 'ReportSchedule']] } } }),
      }),
    );
    const events: (LogEventPayload & { event_name: string })[] = [];
    const logger: EventLogger = { log: (event_name, payload = {}) => void events.push({ ...payload, event_name }), flush: vi.fn(), dispose: vi.fn() };
    render(<ExploreView client={server.client} registry={newRegistry()} pathname="/explore/" search="?slice_id=7" toasts={createToastStore()} logger={logger} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Set up an email report' }));
    expect(((await screen.findByLabelText('Report name *')) as HTMLInputElement).value).toBe('Births by gender report');
    await waitFor(() => expect(events.filter((e) => e.event_name === 'mount_explorer')).toHaveLength(1));
    expect(events[0]).toMatchObject({ slice_id: 7, source: 'explore' });
    expect(decodeURIComponent(server.calls.find((c) => c.path === '/api/v1/report/')!.url)).toContain('col:chart_id,opr:eq,value:7');
  });
});

describe('ExploreView without report rights', () => {
  it('shows no email report entry to users lacking can_write on ReportSchedule', async () => {
    const server = createFakeServer(baseRoutes({ 'GET /api/v1/chart/7': () => ({ result: CHART_7 }) }));
    render(<ExploreView client={server.client} registry={newRegistry()} pathname="/explore/" search="?slice_id=7" toasts={createToastStore()} />);
    await screen.findByRole('heading', { name: 'Births by gender' });
    await screen.findByRole('button', { name: 'Save' });
    expect(screen.queryByRole('button', { name: /email report/ })).toBeNull();
  });
});
