import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createToastStore } from '../components/toast-store';
import { ChartList } from './chart-list';
import { bulkTag, deleteObject } from './list-actions';
import { ALL_PERMISSIONS, chartRows, createFakeServer, reply } from './test-support';

afterEach(cleanup);
const texts = (toasts: ReturnType<typeof createToastStore>) => toasts.toasts.value.map((t) => `${t.toastType}: ${t.text}`);

describe('delete toasts', () => {
  it("says 'Deleted: %s' and, on failure, the chart and dashboard wordings", async () => {
    const { client } = createFakeServer({
      'DELETE /api/v1/chart/1': () => ({ message: 'OK' }),
      'DELETE /api/v1/chart/2': () => reply(403, { message: 'You do not have permission to edit this chart' }),
      'DELETE /api/v1/dashboard/3': () => reply(404, { message: 'Not found' }),
    });
    const toasts = createToastStore();
    expect(await deleteObject(client, toasts, 'chart', { id: 1, title: 'Births' })).toBe(true);
    expect(await deleteObject(client, toasts, 'chart', { id: 2, title: 'Sales' })).toBe(false);
    expect(await deleteObject(client, toasts, 'dashboard', { id: 3, title: 'Ops' })).toBe(false);
    expect(texts(toasts)).toEqual([
      'success: Deleted: Births',
      'danger: There was an issue deleting: You do not have permission to edit this chart',
      'danger: There was an issue deleting Ops: Not found',
    ]);
  });
});

describe('tag toasts', () => {
  it("says 'Tagged %s %ss', warns about skipped objects, and 'Failed to tag items'", async () => {
    let fail = false;
    const { client, find } = createFakeServer({
      'POST /api/v1/tag/bulk_create': () =>
        fail ? reply(500, { message: 'boom' }) : { result: { objects_tagged: [['chart', 1], ['chart', 2]], objects_skipped: [['chart', 3]] } },
    });
    const toasts = createToastStore();
    await bulkTag(client, toasts, 'chart', [1, 2, 3], ['finance']);
    expect(find('POST', '/api/v1/tag/bulk_create')[0].body).toEqual({ tags: ['finance'], objects_to_tag: [['chart', 1], ['chart', 2], ['chart', 3]] });
    fail = true;
    await bulkTag(client, toasts, 'chart', [1], ['finance']);
    expect(texts(toasts)).toEqual([
      'success: Tagged 2 charts',
      'warning: 1 items could not be tagged because you don’t have edit permissions to all selected objects.',
      'danger: Failed to tag items',
    ]);
  });

  it('tags the selected charts from the bulk banner and deletes one row after confirming', async () => {
    let rows = chartRows(3);
    const { client, find } = createFakeServer({
      'GET /api/v1/chart/_info': ALL_PERMISSIONS,
      'GET /api/v1/chart/': () => ({ count: rows.length, result: rows }),
      'GET /api/v1/tag/': () => ({ count: 1, result: [{ id: 1, name: 'finance' }] }),
      'POST /api/v1/tag/bulk_create': () => ({ result: { objects_tagged: [['chart', 1], ['chart', 2]], objects_skipped: [] } }),
      'DELETE /api/v1/chart/3': () => {
        rows = rows.slice(0, 2);
        return { message: 'OK' };
      },
    });
    const toasts = createToastStore();
    render(<ChartList client={client} toasts={toasts} search="?viewMode=table" />);
    await screen.findByText('Chart 1');
    fireEvent.click(await screen.findByRole('button', { name: 'Bulk select' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Tag' }));
    const tagInput = await screen.findByRole('combobox', { name: 'Tags' });
    fireEvent.change(tagInput, { target: { value: 'finance' } });
    fireEvent.keyDown(tagInput, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Tagged 2 charts');
    expect(find('POST', '/api/v1/tag/bulk_create')[0].body).toEqual({ tags: ['finance'], objects_to_tag: [['chart', 1], ['chart', 2]] });
    expect(screen.getByText('0 Selected')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Chart 3' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Please confirm' })).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Deleted: Chart 3');
    await waitFor(() => expect(screen.queryByText('Chart 3', { selector: 'a' })).toBeNull());
  });
});
