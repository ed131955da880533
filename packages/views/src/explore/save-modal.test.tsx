import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from '../components/toast-store';
import { ExploreView } from './explore-view';
import { baseRoutes, createFakeServer, newRegistry, reply } from './test-support';

afterEach(cleanup);

const CHART_7 = {
  id: 7,
  slice_name: 'Births by gender',
  viz_type: 'table',
  params: JSON.stringify({ datasource: '1__table', viz_type: 'table', metrics: ['sum__num'], groupby: ['gender'], extra_filters: [{ col: 'x', op: '==', val: 1 }] }),
  datasource_id: 1,
  datasource_type: 'table',
  owners: [{ id: 1 }],
  dashboards: [{ id: 3 }],
};

function setup(overrides: Parameters<typeof baseRoutes>[0], search: string) {
  const server = createFakeServer(baseRoutes(overrides));
  const toasts = createToastStore();
  const onUrlChange = vi.fn();
  render(<ExploreView client={server.client} registry={newRegistry()} pathname="/explore/" search={search} toasts={toasts} onUrlChange={onUrlChange} />);
  return { ...server, toasts, onUrlChange };
}

async function openModal() {
  const save = await screen.findByRole('button', { name: 'Save' });
  await act(async () => fireEvent.click(save));
  return screen.getByRole('dialog', { name: 'Save chart' });
}

describe('save chart modal', () => {
  it('saves as a new chart onto a new dashboard, with params and query_context, and moves to ?slice_id', async () => {
    const { calls, toasts, onUrlChange } = setup(
      {
        'GET /api/v1/dashboard/': () => ({ result: [{ id: 3, dashboard_title: 'Births' }], count: 1 }),
        'POST /api/v1/dashboard/': () => reply(201, { id: 9, result: { dashboard_title: 'New board' } }),
        'POST /api/v1/chart/': () => reply(201, { id: 12, result: {} }),
      },
      '?datasource_id=1&datasource_type=table&viz_type=table',
    );
    const dialog = await openModal();
    fireEvent.change(screen.getByRole('textbox', { name: /Chart name/ }), { target: { value: 'My chart' } });
    expect((screen.getByRole('radio', { name: /Overwrite/ }) as HTMLInputElement).disabled).toBe(true);
    const dashboards = screen.getByRole('combobox', { name: 'Add to dashboard' });
    fireEvent.focus(dashboards);
    fireEvent.change(dashboards, { target: { value: 'New board' } });
    expect(screen.getByRole('option', { name: 'Create "New board"' })).toBeTruthy();
    fireEvent.keyDown(dashboards, { key: 'Enter' });
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Save' }).find((b) => dialog.contains(b))!));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save chart' })).toBeNull());

    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/v1/dashboard/')?.body).toEqual({ dashboard_title: 'New board' });
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/v1/chart/')!.body as Record<string, unknown>;
    expect(post).toMatchObject({ slice_name: 'My chart', viz_type: 'table', datasource_id: 1, datasource_type: 'table', dashboards: [9] });
    expect(post.owners).toBeUndefined();
    expect(JSON.parse(post.params as string).viz_type).toBe('table');
    expect(JSON.parse(post.query_context as string).datasource).toEqual({ id: 1, type: 'table' });
    expect(toasts.toasts.value.map((t) => t.text)).toEqual(['Chart [My chart] has been saved', 'Dashboard [New board] just got created and chart [My chart] was added to it']);
    expect(onUrlChange).toHaveBeenLastCalledWith('/explore/?slice_id=12');
  });

  it('overwrites an owned chart with its owners, drops extra filters and announces new dashboards only', async () => {
    const { calls, toasts, onUrlChange } = setup(
      {
        'GET /api/v1/chart/7': (call) => (call.url.includes('select_columns') ? { result: { dashboards: [{ id: 3 }] } } : { result: CHART_7 }),
        'GET /api/v1/dashboard/': () => ({ result: [{ id: 3, dashboard_title: 'Births' }, { id: 4, dashboard_title: 'Names' }], count: 2 }),
        'PUT /api/v1/chart/7': () => ({ id: 7, result: {} }),
      },
      '?slice_id=7',
    );
    await waitFor(() => expect(onUrlChange).toHaveBeenCalledWith('/explore/?slice_id=7'));
    await openModal();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Births' })).toBeTruthy());
    expect((screen.getByRole('radio', { name: /Overwrite/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('textbox', { name: /Chart name/ }) as HTMLInputElement).value).toBe('Births by gender');
    const dashboards = screen.getByRole('combobox', { name: 'Add to dashboard' });
    fireEvent.focus(dashboards);
    fireEvent.change(dashboards, { target: { value: 'Names' } });
    fireEvent.keyDown(dashboards, { key: 'Enter' });
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Save' }).at(-1)!));
    await waitFor(() => expect(toasts.toasts.value.length).toBe(2));
    const put = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(put).toMatchObject({ slice_name: 'Births by gender', owners: [1], dashboards: [3, 4] });
    expect(JSON.parse(put.params as string).extra_filters).toBeUndefined();
    expect(toasts.toasts.value.map((t) => t.text)).toEqual(['Chart [Births by gender] has been overwritten', 'Chart [Births by gender] was added to dashboard [Names]']);
  });

  it("shows 'Failed to save slice' inside the modal when the save fails", async () => {
    setup(
      {
        'GET /api/v1/dashboard/': () => ({ result: [], count: 0 }),
        'POST /api/v1/chart/': () => reply(500, { message: 'boom' }),
      },
      '?datasource_id=1&datasource_type=table&viz_type=table',
    );
    await openModal();
    fireEvent.change(screen.getByRole('textbox', { name: /Chart name/ }), { target: { value: 'X' } });
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Save' }).at(-1)!));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to save slice'));
    expect(screen.getByRole('dialog', { name: 'Save chart' })).toBeTruthy();
  });

  it('shows an error panel for an unknown viz type', async () => {
    setup({}, '?datasource_id=1&datasource_type=table&viz_type=nope');
    expect((await screen.findAllByText('Unknown viz type: nope')).length).toBeGreaterThan(0);
  });
});
