import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { salesServer } from './dashboard-test-support';
import { DashboardView } from './dashboard-view';
import { captureDownloads, type CapturedDownload } from '../testing/captured-downloads';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** What each download handed the browser: the file name and the bytes behind its object URL. */
let saved: CapturedDownload[];

beforeEach(() => {
  saved = captureDownloads();
  vi.stubGlobal('IntersectionObserver', undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Opens the first chart's menu once it has loaded; answers the chart's title. */
async function openFirstChartMenu(): Promise<string> {
  await screen.findByRole('heading', { name: 'Sales Dashboard' });
  const button = await waitFor(() => {
    const [first] = screen.getAllByRole('button', { name: /^More options for / });
    if (!first || (first as HTMLButtonElement).disabled) throw new Error('the chart menu is still loading');
    return first;
  });
  const title = button.closest<HTMLElement>('.bi-dash-chart')!.querySelector('.bi-dash-chart__title')!.textContent!;
  fireEvent.click(button);
  return title;
}

describe('chart menu exports', () => {
  it('offers CSV, Excel and JSON next to each other, only with can_csv', async () => {
    const viewer = { id: 9, username: 'v', first_name: '', last_name: '', email: '', is_active: true, roles: { Gamma: [['can_read', 'Dashboard']] as [string, string][] } };
    const server = salesServer({ user: viewer });
    render(<DashboardView api={{ ...server.client, auth: { kind: 'session' } }} dashboardIdOrSlug={4} />);
    await openFirstChartMenu();
    for (const name of ['Download as CSV', 'Export to Excel', 'Export to .JSON']) expect(screen.queryByRole('menuitem', { name })).toBeNull();
    cleanup();
    render(<DashboardView api={{ ...salesServer().client, auth: { kind: 'session' } }} dashboardIdOrSlug={4} />);
    await openFirstChartMenu();
    const labels = screen.getAllByRole('menuitem').map((item) => item.textContent);
    const csv = labels.indexOf('Download as CSV');
    expect(csv).toBeGreaterThan(-1);
    expect(labels.slice(csv, csv + 3)).toEqual(['Download as CSV', 'Export to Excel', 'Export to .JSON']);
  });

  it("'Export to Excel' posts result_format xlsx with the session and saves the workbook's bytes", async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00, 0x80]);
    const fetchFile = vi.fn(async (_url: string, _init: RequestInit) => new Response(bytes, { status: 200, headers: { 'content-type': XLSX_TYPE } }));
    vi.stubGlobal('fetch', fetchFile);
    render(<DashboardView api={{ ...salesServer().client, auth: { kind: 'session' } }} dashboardIdOrSlug={4} />);
    const title = await openFirstChartMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Export to Excel' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const [url, init] = fetchFile.mock.calls[0];
    expect(new URL(url).pathname).toBe('/api/v1/chart/data');
    expect(new URL(url).searchParams.get('dashboard_id')).toBe('4');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(JSON.parse(init.body as string)).toMatchObject({ result_format: 'xlsx', result_type: 'full', datasource: { id: 7, type: 'table' } });
    expect(saved[0].download).toBe(`${title}.xlsx`);
    expect(new Uint8Array(await saved[0].blob.arrayBuffer())).toEqual(bytes);
  });

  it("sends a guest's token and shows the server's refusal as a toast", async () => {
    const fetchFile = vi.fn(async () => new Response(JSON.stringify({ message: 'You do not have the permission can_csv on Superset' }), { status: 403 }));
    vi.stubGlobal('fetch', fetchFile);
    render(<DashboardView api={salesServer().client} dashboardIdOrSlug={4} />);
    await openFirstChartMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Export to Excel' }));
    expect(await screen.findByText('You do not have the permission can_csv on Superset')).toBeTruthy();
    expect((fetchFile.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toMatchObject({ 'X-GuestToken': 't' });
    expect(saved).toHaveLength(0);
  });

  it("'Export to .JSON' saves the chart data's JSON answer", async () => {
    const server = salesServer();
    render(<DashboardView api={{ ...server.client, auth: { kind: 'session' } }} dashboardIdOrSlug={4} />);
    const title = await openFirstChartMenu();
    const before = server.find('POST', '/api/v1/chart/data').length;
    fireEvent.click(screen.getByRole('menuitem', { name: 'Export to .JSON' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const posted = server.find('POST', '/api/v1/chart/data').slice(before);
    expect(posted).toHaveLength(1);
    expect(posted[0].body).toMatchObject({ result_format: 'json', result_type: 'full' });
    expect(saved[0].download).toBe(`${title}.json`);
    expect(saved[0].blob.type).toBe('application/json');
    expect(JSON.parse(await saved[0].blob.text())).toEqual({ result: [{ data: [{ count: 42 }], colnames: ['count'], coltypes: [0], rowcount: 1 }] });
  });
});
