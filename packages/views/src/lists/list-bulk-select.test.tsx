import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from '../components/toast-store';
import { ChartList } from './chart-list';
import type { ListColumn, ListFilterConfig, ListRow } from './list-types';
import { ListView } from './list-view';
import { ALL_PERMISSIONS, chartRows, createFakeServer } from './test-support';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const columns: ListColumn<ListRow>[] = [
  { id: 'slice_name', header: 'Name', sortable: true },
  { id: 'changed_on_delta_humanized', header: 'Last modified', sortable: true },
];
const filters: ListFilterConfig[] = [{ kind: 'search', key: 'search', id: 'slice_name', label: 'Search', operator: 'chart_all_text' }];
const sort = { column: 'changed_on_delta_humanized', order: 'desc' as const };

/** 40 charts, paged as the server pages them; a search keeps the names containing it. */
function chartRoutes() {
  return {
    'GET /api/v1/chart/_info': ALL_PERMISSIONS,
    'GET /api/v1/chart/': (call: { q: unknown }) => {
      const q = call.q as { page: number; page_size: number; filters: { value: string }[] };
      const all = chartRows(40).filter((row) => !q.filters.length || row.slice_name.includes(q.filters[0]!.value));
      return { count: all.length, result: all.slice(q.page * q.page_size, (q.page + 1) * q.page_size) };
    },
  };
}

describe('bulk select across pages', () => {
  it('keeps the selection through paging and filtering until Deselect all, and acts on every selected row', async () => {
    const { client } = createFakeServer(chartRoutes());
    const onDelete = vi.fn();
    render(
      <ListView
        client={client}
        resource="chart"
        columns={columns}
        filters={filters}
        initialSort={sort}
        bulkActions={(selected) => [{ key: 'delete', label: 'Delete', onSelect: () => onDelete(selected.map((r) => r.id)) }]}
      />,
    );
    await screen.findByText('Chart 1');
    fireEvent.click(screen.getByRole('button', { name: 'Bulk select' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Chart 16');
    expect(screen.getByText('2 Selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 16' }));
    expect(screen.getByText('3 Selected')).toBeTruthy();

    // 'Select all' adds this page's rows to the selection, and unticking it removes only them.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText('17 Selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText('2 Selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 16' }));

    // A filter that hides the selected rows keeps them selected.
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'Chart 33' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(screen.queryByText('Chart 1')).toBeNull());
    await screen.findByText('Chart 33');
    expect(screen.getByText('3 Selected')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Select row 33' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenLastCalledWith([1, 2, 16]);

    fireEvent.click(screen.getByRole('button', { name: 'Deselect all' }));
    expect(screen.getByText('0 Selected')).toBeTruthy();
    fireEvent.change(box, { target: { value: '' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await screen.findByText('Chart 1');
    expect((screen.getByRole('checkbox', { name: 'Select row 1' }) as HTMLInputElement).checked).toBe(false);
  });

  it('bulk deletes, exports and tags the rows selected on several pages', async () => {
    const { client, find } = createFakeServer({
      ...chartRoutes(),
      'DELETE /api/v1/chart/': () => ({ message: 'Deleted 2 charts' }),
      'GET /api/v1/tag/': () => ({ count: 1, result: [{ id: 1, name: 'finance' }] }),
      'POST /api/v1/tag/bulk_create': () => ({ result: { objects_tagged: [['chart', 3], ['chart', 20]], objects_skipped: [] } }),
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.href);
    });
    const toasts = createToastStore();
    render(<ChartList client={client} toasts={toasts} search="?viewMode=table" />);
    await screen.findByText('Chart 1');
    fireEvent.click(await screen.findByRole('button', { name: 'Bulk select' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Chart 20');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 20' }));
    const banner = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(banner).getByText('2 Selected')).toBeTruthy();

    fireEvent.click(within(banner).getByRole('button', { name: 'Export' }));
    expect(clicked).toHaveLength(1);
    expect(decodeURIComponent(clicked[0]!)).toContain('/api/v1/chart/export/?q=!(3,20)');

    fireEvent.click(within(banner).getByRole('button', { name: 'Add Tag' }));
    const tagInput = await screen.findByRole('combobox', { name: 'Tags' });
    fireEvent.change(tagInput, { target: { value: 'finance' } });
    fireEvent.keyDown(tagInput, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Tagged 2 charts');
    expect(find('POST', '/api/v1/tag/bulk_create')[0]!.body).toEqual({ tags: ['finance'], objects_to_tag: [['chart', 3], ['chart', 20]] });
    // A finished bulk action clears the selection.
    expect(screen.getByText('0 Selected')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 20' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    await screen.findByText('Chart 3');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 3' }));
    fireEvent.click(within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Please confirm' });
    expect(dialog.textContent).toContain('2 selected items');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Deleted 2 charts');
    expect(find('DELETE', '/api/v1/chart/')[0]!.q).toEqual([20, 3]);
  }, 20_000);
});
