import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CrossLinks } from './cross-links';
import { rowCountText, toApiFilters } from './list-query';
import type { ListColumn, ListFilterConfig, ListRow } from './list-types';
import { parseListState, serializeListState } from './list-url-state';
import { ListView } from './list-view';
import { chartRows, createFakeServer } from './test-support';

afterEach(cleanup);

const columns: ListColumn<ListRow>[] = [
  { id: 'slice_name', header: 'Name', sortable: true },
  { id: 'viz_type', header: 'Type' },
  { id: 'changed_on_delta_humanized', header: 'Last modified', sortable: true },
  { id: 'id', header: 'Id', hidden: true },
];
const filters: ListFilterConfig[] = [
  { kind: 'search', key: 'search', id: 'slice_name', label: 'Search', operator: 'chart_all_text' },
  { kind: 'select', key: 'favorite', id: 'id', label: 'Favorite', operator: 'chart_is_favorite', options: [{ label: 'Yes', value: true }, { label: 'No', value: false }] },
  { kind: 'range', key: 'cache', id: 'id', label: 'Cache', operator: 'between' },
];
const defaults = { sortColumn: 'changed_on_delta_humanized', sortOrder: 'desc' as const, viewMode: 'table' as const };
const sort = { column: 'changed_on_delta_humanized', order: 'desc' as const };

/** A chart list endpoint over `total` rows that honours page and page_size. */
function chartServer(total: number) {
  return createFakeServer({
    'GET /api/v1/chart/': (call) => {
      const q = call.q as { page: number; page_size: number; filters: unknown[] };
      const start = q.page * q.page_size;
      const rows = chartRows(total).slice(start, start + q.page_size);
      return { count: q.filters.length ? 0 : total, result: q.filters.length ? [] : rows };
    },
  });
}

describe('list address state', () => {
  it('round-trips filters, page, sort and view mode through the query string', () => {
    const state = { filters: { search: 'sales', favorite: { label: 'Yes', value: true } }, pageIndex: 2, pageSize: 25, sortColumn: 'slice_name', sortOrder: 'asc' as const, viewMode: 'card' as const };
    const search = serializeListState(state, defaults, '?id=7');
    expect(search).toContain('id=7');
    expect(search).toContain('pageIndex=2');
    expect(parseListState(search, defaults)).toEqual(state);
    // Defaults leave the address plain; junk falls back to defaults.
    expect(serializeListState(parseListState('', defaults), defaults)).toBe('');
    expect(parseListState('?pageIndex=-3&pageSize=7&sortOrder=sideways&filters=((', defaults)).toMatchObject({ pageIndex: 0, pageSize: 15, sortOrder: 'desc', filters: {} });
  });

  it('builds API filters: trimmed search, option values, and only valid ranges', () => {
    expect(toApiFilters(filters, { search: '  sales ', favorite: { label: 'Yes', value: true }, cache: [5, 1] })).toEqual([
      { col: 'slice_name', opr: 'chart_all_text', value: 'sales' },
      { col: 'id', opr: 'chart_is_favorite', value: true },
    ]);
    expect(rowCountText(1, 15, 40)).toBe('16-30 of 40');
  });
});

describe('ListView', () => {
  it('reads its state from the address, requests that page and writes changes back', async () => {
    const { client, find } = chartServer(40);
    const onUrlChange = vi.fn();
    render(<ListView client={client} resource="chart" columns={columns} filters={filters} initialSort={sort} search="?pageIndex=1&sortColumn=slice_name&sortOrder=asc" onUrlChange={onUrlChange} />);
    await screen.findByText('Chart 16');
    expect(find('GET', '/api/v1/chart/')[0].q).toMatchObject({ page: 1, page_size: 15, order_column: 'slice_name', order_direction: 'asc' });
    expect(screen.getByTestId('row-count').textContent).toBe('16-30 of 40');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByText('Chart 31');
    expect(onUrlChange).toHaveBeenLastCalledWith('?pageIndex=2&sortColumn=slice_name&sortOrder=asc');
    fireEvent.change(screen.getByLabelText('Page size'), { target: { value: '5' } });
    await waitFor(() => expect(onUrlChange).toHaveBeenLastCalledWith('?pageSize=5&sortColumn=slice_name&sortOrder=asc'));
  });

  it('applies the text search on Enter and on blur, trimmed, and clearing resets it', async () => {
    const { client, find } = chartServer(3);
    const onUrlChange = vi.fn();
    render(<ListView client={client} resource="chart" columns={columns} filters={filters} initialSort={sort} onUrlChange={onUrlChange} />);
    await screen.findByText('Chart 1');
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: '  sales  ' } });
    // Typing alone requests nothing.
    expect(find('GET', '/api/v1/chart/')).toHaveLength(1);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(find('GET', '/api/v1/chart/').at(-1)?.q).toMatchObject({ filters: [{ col: 'slice_name', opr: 'chart_all_text', value: 'sales' }] }));
    fireEvent.change(box, { target: { value: 'ops' } });
    fireEvent.blur(box);
    await waitFor(() => expect(find('GET', '/api/v1/chart/').at(-1)?.q).toMatchObject({ filters: [{ value: 'ops' }] }));
    fireEvent.change(box, { target: { value: '' } });
    await waitFor(() => expect(find('GET', '/api/v1/chart/').at(-1)?.q).toMatchObject({ filters: [] }));
  });

  it('resets the page index to 0 when it is beyond the page count', async () => {
    const { client, find } = chartServer(20);
    const onUrlChange = vi.fn();
    render(<ListView client={client} resource="chart" columns={columns} initialSort={sort} search="?pageIndex=5" onUrlChange={onUrlChange} />);
    await screen.findByText('Chart 1');
    expect(find('GET', '/api/v1/chart/').map((c) => (c.q as { page: number }).page)).toEqual([5, 0]);
    expect(onUrlChange).toHaveBeenLastCalledWith('');
  });

  it('shows the bulk banner with the count; leaving bulk select clears the selection', async () => {
    const { client } = chartServer(3);
    const onDelete = vi.fn();
    render(
      <ListView
        client={client}
        resource="chart"
        columns={columns}
        initialSort={sort}
        bulkActions={(selected) => [{ key: 'delete', label: 'Delete', onSelect: () => onDelete(selected.map((r) => r.id)) }, { key: 'tag', label: 'Add Tag', onSelect: () => undefined }]}
      />,
    );
    await screen.findByText('Chart 1');
    fireEvent.click(screen.getByRole('button', { name: 'Bulk select' }));
    expect(screen.getByText('0 Selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 3' }));
    expect(screen.getByText('2 Selected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Tag' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith([1, 3]);
    fireEvent.click(screen.getByRole('button', { name: 'Deselect all' }));
    expect(screen.getByText('0 Selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText('3 Selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel bulk select' }));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Bulk select' }));
    expect(screen.getByText('0 Selected')).toBeTruthy();
  });

  it('shows the filtered empty state with clear all filters, and No Data otherwise', async () => {
    const { client } = chartServer(0);
    const onUrlChange = vi.fn();
    const { unmount } = render(<ListView client={client} resource="chart" columns={columns} filters={filters} initialSort={sort} search="?filters=(search:zzz)" onUrlChange={onUrlChange} />);
    await screen.findByText('No results match your filter criteria');
    expect(screen.getByText('Try different criteria to display results.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'clear all filters' }));
    await screen.findByText('No Data');
    expect(screen.queryByText('No results match your filter criteria')).toBeNull();
    expect(onUrlChange).toHaveBeenLastCalledWith('');
    unmount();
  });

  it('shows 25 skeleton cards while the first card page loads', async () => {
    let release: (v: unknown) => void = () => undefined;
    const { client } = createFakeServer({ 'GET /api/v1/chart/': () => new Promise((resolve) => (release = resolve)) });
    render(<ListView client={client} resource="chart" columns={columns} initialSort={sort} renderCard={(row) => <p>{String(row.slice_name)}</p>} />);
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(25);
    await act(async () => release({ count: 1, result: chartRows(1) }));
    await screen.findByText('Chart 1');
    expect(screen.queryAllByTestId('skeleton-card')).toHaveLength(0);
    // The card/table toggle goes to the table.
    fireEvent.click(screen.getByRole('button', { name: 'List view' }));
    expect(screen.getByRole('table')).toBeTruthy();
  });

  it('virtualises many rows', async () => {
    const { client } = chartServer(100);
    render(<ListView client={client} resource="chart" columns={columns} initialSort={sort} search="?pageSize=100" />);
    await screen.findByText('Chart 1');
    expect(screen.queryByText('Chart 100')).toBeNull();
    expect(document.querySelectorAll('tbody tr[data-row-id]').length).toBeLessThan(100);
  });

  it('refuses a filter that names no column', () => {
    const { client } = chartServer(0);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bad: ListFilterConfig[] = [{ kind: 'search', id: 'nope', label: 'Nope', operator: 'ct' }];
    expect(() => render(<ListView client={client} resource="chart" columns={columns} filters={bad} initialSort={sort} />)).toThrow(
      'Invalid filter config, nope is not present in columns',
    );
    vi.restoreAllMocks();
  });

  it('rejects a range whose minimum is not below its maximum', async () => {
    const { client, find } = chartServer(3);
    render(<ListView client={client} resource="chart" columns={columns} filters={filters} initialSort={sort} />);
    await screen.findByText('Chart 1');
    fireEvent.change(screen.getByLabelText('Cache minimum'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Cache maximum'), { target: { value: '5' } });
    fireEvent.blur(screen.getByLabelText('Cache maximum'));
    expect(screen.getByText('Minimum must be strictly less than maximum')).toBeTruthy();
    expect(find('GET', '/api/v1/chart/')).toHaveLength(1);
  });
});

describe('CrossLinks', () => {
  it('lists at most 20 dashboards in the tooltip, then + N more', () => {
    const links = Array.from({ length: 23 }, (_, i) => ({ title: `Dash ${i + 1}`, href: `/superset/dashboard/${i + 1}/` }));
    render(<CrossLinks links={links} />);
    expect(screen.getByRole('button', { name: '+21' })).toBeTruthy();
    fireEvent.mouseEnter(screen.getByRole('button', { name: '+21' }).parentElement!);
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip.querySelectorAll('a')).toHaveLength(20);
    expect(tooltip.textContent).toContain('+ 3 more');
    expect(tooltip.textContent).not.toContain('Dash 21');
  });
});
