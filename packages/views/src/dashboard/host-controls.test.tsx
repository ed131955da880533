/**
 * What a host controls on an embedded dashboard: report mode without menus, the tabs on screen, Share,
 * and filters set by name.
 */
import type { NativeFilterConfig } from '@lumen-bi/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixture, salesServer } from './dashboard-test-support';
import { DashboardView, type DashboardHandle, type DashboardViewProps } from './dashboard-view';
import { FilterNameError, filterValueFor, findFilterByName } from './filter-by-name';
import { NO_SHARE_LINK_MESSAGE, shareUrlFor, shareVisible } from './share-link';

const FILTERS = fixture.metadata.native_filter_configuration as NativeFilterConfig[];
const GUEST = { id: 0, username: 'guest@host', first_name: 'G', last_name: 'V', email: '', is_active: true, roles: {} };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Renders the Sales Dashboard for a guest (the fake server's client carries a guest token); resolves with its handle once loaded. */
async function renderSales(props: Partial<DashboardViewProps> = {}, routes = {}) {
  vi.stubGlobal('IntersectionObserver', undefined);
  const server = salesServer({ filters: FILTERS, user: GUEST, routes });
  let handle: DashboardHandle | null = null;
  render(<DashboardView api={server.client} dashboardIdOrSlug={4} onReady={(h) => (handle = h)} {...props} />);
  await waitFor(() => expect(handle).not.toBeNull());
  return { server, handle: handle! };
}

describe('report mode', () => {
  it('shows no chart menus, no header actions and no filter bar', async () => {
    await renderSales({ displayMode: 'report' });
    // The charts' definitions have loaded (their titles show), so their menus would be there by now.
    await screen.findAllByText(/^Chart \d+$/);
    expect(screen.queryAllByRole('button', { name: /^More options for / })).toEqual([]);
    expect(document.querySelector('.bi-dash-header-bar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Apply filters' })).toBeNull();
  });

  it('keeps the chart menus outside report mode', async () => {
    await renderSales();
    await waitFor(() => expect(screen.queryAllByRole('button', { name: /^More options for / }).length).toBeGreaterThan(0));
  });
});

describe('getActiveTabs', () => {
  it('answers the default tab before any tab is clicked, then the clicked one', async () => {
    const { handle } = await renderSales();
    const tabs = screen.getAllByRole('tab');
    const selected = tabs.find((tab) => tab.getAttribute('aria-selected') === 'true')!;
    expect(handle.getActiveTabs()).toEqual([selected.id.replace(/-button$/, '')]);
    const other = tabs.find((tab) => tab !== selected)!;
    act(() => fireEvent.click(other));
    expect(handle.getActiveTabs()).toContain(other.id.replace(/-button$/, ''));
  });
});

describe('Share', () => {
  it('is not offered to a guest whose host gives no link, nor when the host hides it', async () => {
    await renderSales();
    await screen.findByRole('button', { name: 'Refresh dashboard' });
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    cleanup();
    await renderSales({ share: { hidden: true, resolvePermalinkUrl: () => 'https://app.example.com/x' } });
    await screen.findByRole('button', { name: 'Refresh dashboard' });
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });

  it("copies the host's URL for the new permalink", async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const resolvePermalinkUrl = vi.fn(({ key }: { key: string }) => `https://app.example.com/sales?permalink=${key}`);
    await renderSales({ share: { resolvePermalinkUrl } }, { 'POST /api/v1/dashboard/4/permalink': () => ({ key: 'k3y', url: 'http://lumen.test/superset/dashboard/p/k3y/' }) });
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('https://app.example.com/sales?permalink=k3y'));
    expect(resolvePermalinkUrl).toHaveBeenCalledWith({ key: 'k3y', url: 'http://lumen.test/superset/dashboard/p/k3y/' });
  });

  it('never gives a guest the Lumen permalink: a host answering null copies nothing', async () => {
    const lumenUrl = 'https://bi.example.com/superset/dashboard/p/abc/';
    expect(await shareUrlFor(lumenUrl, { resolvePermalinkUrl: () => null }, true)).toBeNull();
    expect(await shareUrlFor(lumenUrl, { resolvePermalinkUrl: () => 'javascript:alert(1)' }, true)).toBeNull();
    expect(await shareUrlFor(lumenUrl, undefined, false)).toBe(lumenUrl);
    expect(await shareUrlFor(lumenUrl, { resolvePermalinkUrl: async ({ key }) => `https://app.example.com/?p=${key}` }, true)).toBe('https://app.example.com/?p=abc');
    expect([shareVisible(undefined, false), shareVisible(undefined, true), shareVisible({ hidden: true }, false)]).toEqual([true, false, false]);
    expect(NO_SHARE_LINK_MESSAGE).toMatch(/no link/);
  });
});

describe('setFilter by name', () => {
  it('finds a filter by its name, ignoring case, or by its column', () => {
    expect(findFilterByName(FILTERS, 'Country').id).toBe('NATIVE_FILTER-HX2lV--YaAZRQfJ_yfYB2');
    expect(findFilterByName(FILTERS, 'country').id).toBe('NATIVE_FILTER-HX2lV--YaAZRQfJ_yfYB2');
    expect(findFilterByName(FILTERS, 'quantity_ordered').name).toBe('Order Quantity');
  });

  it('names an unknown filter and lists the known ones', () => {
    let error: unknown;
    try {
      findFilterByName(FILTERS, 'Planet');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(FilterNameError);
    const failure = error as FilterNameError;
    expect(failure.code).toBe('UNKNOWN_FILTER');
    expect(failure.unknownFilters).toEqual(['Planet']);
    expect(failure.knownFilters).toContain('Country (country)');
    expect(failure.message).toBe(`Unknown filter "Planet". Known filters: ${failure.knownFilters.join(', ')}.`);
    expect(() => findFilterByName(FILTERS, 42)).toThrow(FilterNameError);
    expect(() => findFilterByName(FILTERS, 'x'.repeat(300))).toThrow(/at most 256/);
  });

  it('checks the value against the filter type', () => {
    const country = findFilterByName(FILTERS, 'Country');
    const quantity = findFilterByName(FILTERS, 'Order Quantity');
    const time = findFilterByName(FILTERS, 'Time Range');
    expect(filterValueFor(country, ['France'])).toEqual(['France']);
    expect(filterValueFor(country, 'France')).toEqual(['France']);
    expect(filterValueFor(country, [])).toBeNull();
    expect(() => filterValueFor(country, [{ $gt: 1 }])).toThrow(/Country/);
    expect(filterValueFor(quantity, [10, null])).toEqual([10, null]);
    expect(() => filterValueFor(quantity, [10, 5])).toThrow(/min < max/);
    expect(() => filterValueFor(quantity, ['a', 'b'])).toThrow(FilterNameError);
    expect(filterValueFor(time, 'Last week')).toBe('Last week');
    expect(() => filterValueFor(time, [1, 2])).toThrow(/one string/);
  });

  it('applies the filter on the live dashboard: the charts query with it', async () => {
    const { server, handle } = await renderSales();
    await waitFor(() => expect(server.find('POST', '/api/v1/chart/data').length).toBeGreaterThan(0));
    const before = server.find('POST', '/api/v1/chart/data').length;
    let id = '';
    act(() => {
      id = handle.setFilter('Country', ['France']);
    });
    expect(handle.getDataMask()[id]).toMatchObject({ extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['France'] }] }, filterState: { value: ['France'] } });
    await waitFor(() => expect(server.find('POST', '/api/v1/chart/data').length).toBeGreaterThan(before));
    expect(JSON.stringify(server.find('POST', '/api/v1/chart/data').slice(before).map((call) => call.body))).toContain('France');
    expect(() => handle.setFilter('Planet', ['Mars'])).toThrow(/Unknown filter "Planet"/);
  });
});
