import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeCall } from '../../testing/fake-server';
import { salesServer } from '../dashboard-test-support';
import { DashboardView } from '../dashboard-view';
import { cellText } from './drill-detail-modal';
import { drillDatasetId, drillDetailFilters, drillPointFilter } from './drill-detail-request';
import { DRILL_POINT_EVENT } from './drill-point-event';

/** 120 rows of the fake dataset, answered a page at a time as the samples endpoint does. */
const ROWS = Array.from({ length: 120 }, (_, id) => ({ id, region: ['North', 'South', 'East'][id % 3], day: Date.UTC(2024, 0, 1 + (id % 28)) }));
function samplesPage(call: FakeCall) {
  const page = Number(call.query.get('page'));
  const perPage = Number(call.query.get('per_page'));
  return { result: { data: ROWS.slice((page - 1) * perPage, page * perPage), colnames: ['id', 'region', 'day'], coltypes: [0, 1, 2], page, per_page: perPage, total_count: ROWS.length } };
}

const clicks: { download: string }[] = [];
beforeEach(() => {
  clicks.length = 0;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({ download: this.download });
  });
  vi.stubGlobal('IntersectionObserver', undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function openDrill(routes: Record<string, (call: FakeCall) => unknown>) {
  const server = salesServer({ routes });
  render(<DashboardView api={{ ...server.client, auth: { kind: 'session' } }} dashboardIdOrSlug={4} />);
  await screen.findByRole('heading', { name: 'Sales Dashboard' });
  const menuButton = await waitFor(() => {
    const [button] = screen.getAllByRole('button', { name: /^More options for / });
    if (!button || (button as HTMLButtonElement).disabled) throw new Error('the chart menu is still loading');
    return button;
  });
  fireEvent.click(menuButton);
  fireEvent.click(screen.getByRole('menuitem', { name: 'Drill to detail' }));
  return { server, dialog: await screen.findByRole('dialog', { name: /^Drill to detail: / }) };
}

describe('drill to detail requests', () => {
  it("keeps a chart query's row filters, WHERE, time range and time column, never HAVING or metrics", () => {
    const filters = drillDetailFilters(
      { queries: [{ filters: [{ col: 'region', op: 'IN', val: ['East'] }], metrics: ['count'], columns: ['region'], extras: { where: ' qty > 1 ', having: 'count > 2', time_grain_sqla: 'P1D' }, time_range: 'Last week', granularity: 'day' }] },
      [{ col: 'region', op: '==', val: 'East' }],
    );
    expect(filters).toEqual({
      filters: [
        { col: 'region', op: 'IN', val: ['East'] },
        { col: 'region', op: '==', val: 'East' },
      ],
      extras: { where: 'qty > 1' },
      time_range: 'Last week',
      granularity: 'day',
    });
    expect(drillDetailFilters({ queries: [{}] })).toEqual({ filters: [], extras: {} });
  });

  it("turns a clicked point into its column's equality filter (IS NULL for the null member)", () => {
    expect(drillPointFilter({ column: 'region', value: 'East' })).toEqual({ col: 'region', op: '==', val: 'East' });
    expect(drillPointFilter({ column: 'region', value: null })).toEqual({ col: 'region', op: 'IS NULL' });
  });

  it('reads the dataset id of a table datasource only', () => {
    expect(drillDatasetId('7__table')).toBe(7);
    expect(drillDatasetId('7__query')).toBeNull();
    expect(drillDatasetId(undefined)).toBeNull();
  });

  it('shows temporal cells as UTC date-times and nulls as N/A', () => {
    expect(cellText(Date.UTC(2024, 0, 2), 2)).toBe('2024-01-02 00:00:00');
    expect(cellText(null, 1)).toBe('N/A');
    expect(cellText(3, 0)).toBe('3');
  });
});

describe('Drill to detail in the chart menu', () => {
  it('pages the rows 50 at a time with the total, downloads the CSV, and closes on Escape', async () => {
    const { server, dialog } = await openDrill({ 'POST /datasource/samples': samplesPage, 'POST /api/v1/chart/data': () => 'id,region\r\n0,North\r\n' });
    await waitFor(() => expect(within(dialog).getByTestId('drill-detail-total').textContent).toBe('120 rows'));
    expect(within(dialog).getByTestId('drill-detail-page').textContent).toBe('Page 1 of 3');
    expect(within(dialog).getAllByRole('row')).toHaveLength(51);
    expect(within(dialog).getByRole('columnheader', { name: 'day' })).toBeTruthy();
    expect(within(dialog).getAllByRole('cell')[2]!.textContent).toBe('2024-01-01 00:00:00');
    const [first] = server.find('POST', '/datasource/samples');
    expect(Object.fromEntries(first!.query)).toMatchObject({ datasource_type: 'table', datasource_id: '7', per_page: '50', page: '1' });
    expect(first!.body).toMatchObject({ filters: expect.any(Array), extras: {} });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(within(dialog).getByTestId('drill-detail-page').textContent).toBe('Page 2 of 3'));
    await waitFor(() => expect(within(dialog).getAllByRole('cell')[0]!.textContent).toBe('50'));
    expect(server.find('POST', '/datasource/samples').map((c) => c.query.get('page'))).toEqual(['1', '2']);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]!.download).toMatch(/\(detail\)\.csv$/);
    const csv = server.find('POST', '/api/v1/chart/data').find((c) => (c.body as { result_format?: string }).result_format === 'csv');
    expect(csv!.body).toMatchObject({ datasource: { id: 7, type: 'table' }, result_type: 'drill_detail', queries: [{ row_limit: 10000 }] });

    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's message when the rows cannot be read", async () => {
    const { dialog } = await openDrill({ 'POST /datasource/samples': () => ({ __reply: true, status: 400, body: { message: 'page must be a positive integer' } }) });
    expect((await within(dialog).findByRole('alert')).textContent).toContain('page must be a positive integer');
  });

  it('a right-clicked data point offers "Drill to detail by <value>", which adds its filter', async () => {
    const server = salesServer({ routes: { 'POST /datasource/samples': samplesPage } });
    render(<DashboardView api={{ ...server.client, auth: { kind: 'session' } }} dashboardIdOrSlug={4} />);
    await screen.findByRole('heading', { name: 'Sales Dashboard' });
    const menuButton = await waitFor(() => {
      const [button] = screen.getAllByRole('button', { name: /^More options for / });
      if (!button || (button as HTMLButtonElement).disabled) throw new Error('the chart menu is still loading');
      return button;
    });
    // What a chart's mark dispatches on a right-click (charts' shared/drill-point.ts); the dashboard takes it.
    const offer = new CustomEvent(DRILL_POINT_EVENT, { bubbles: true, composed: true, cancelable: true, detail: { column: 'region', value: 'East', label: 'East', clientX: 100, clientY: 80 } });
    menuButton.closest('.bi-dash-chart')!.querySelector('.bi-dash-chart__title')!.dispatchEvent(offer);
    expect(offer.defaultPrevented).toBe(true);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Drill to detail by East' }));
    const dialog = await screen.findByRole('dialog', { name: /^Drill to detail by East: / });
    await waitFor(() => expect(within(dialog).getByTestId('drill-detail-total').textContent).toBe('120 rows'));
    const [request] = server.find('POST', '/datasource/samples');
    expect((request!.body as { filters: unknown[] }).filters).toContainEqual({ col: 'region', op: '==', val: 'East' });
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
