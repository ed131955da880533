import type { EventLogger, LogEventPayload } from '@lumen-bi/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { salesServer } from '../dashboard/dashboard-test-support';
import { DashboardView } from '../dashboard/dashboard-view';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function recorder() {
  const events: (LogEventPayload & { event_name: string })[] = [];
  const logger: EventLogger = { log: (event_name, payload = {}) => void events.push({ ...payload, event_name }), flush: vi.fn(), dispose: vi.fn() };
  return { logger, events };
}

describe('DashboardView wiring of logging and reports', () => {
  it('logs mount_dashboard and load_chart, and offers the email report entry to admins', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const server = salesServer({ routes: { 'GET /api/v1/report/': () => ({ count: 0, result: [] }) } });
    const { logger, events } = recorder();
    // The fake client is a guest client; reports are for signed-in users, so present it as a session one.
    const api = { ...server.client, auth: { kind: 'session' as const } };
    render(<DashboardView api={api} dashboardIdOrSlug={4} logger={logger} />);
    await screen.findByRole('heading', { name: 'Sales Dashboard' });
    await waitFor(() => expect(events.map((e) => e.event_name)).toContain('mount_dashboard'));
    expect(events.find((e) => e.event_name === 'mount_dashboard')).toMatchObject({ dashboard_id: 4, source: 'dashboard' });
    await waitFor(() => expect(events.some((e) => e.event_name === 'load_chart' && typeof e.duration === 'number')).toBe(true));
    fireEvent.click(await screen.findByRole('button', { name: 'Set up an email report' }));
    expect(await screen.findByLabelText('Report name *')).toBeTruthy();
    expect(decodeURIComponent(server.calls.find((c) => c.path === '/api/v1/report/')!.url)).toContain('col:dashboard_id,opr:eq,value:4');
  });

  it('hides the email report entry from users without can_write on ReportSchedule', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const user = { id: 9, username: 'g', first_name: '', last_name: '', email: '', is_active: true, roles: { Gamma: [['can_read', 'Dashboard']] as [string, string][] } };
    const server = salesServer({ user });
    render(<DashboardView api={{ ...server.client, auth: { kind: 'session' } }} dashboardIdOrSlug={4} />);
    await screen.findByRole('heading', { name: 'Sales Dashboard' });
    await screen.findByRole('button', { name: 'Share' });
    expect(screen.queryByRole('button', { name: /email report/ })).toBeNull();
    expect(server.calls.filter((c) => c.path === '/api/v1/report/')).toHaveLength(0);
  });
});
