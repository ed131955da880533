import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createToastStore } from '../components/toast-store';
import { ChartList } from './chart-list';
import { DashboardList } from './dashboard-list';
import { ALL_PERMISSIONS, chartRows, createFakeServer, reply } from './test-support';

afterEach(cleanup);

const texts = (toasts: ReturnType<typeof createToastStore>) => toasts.toasts.value.map((t) => `${t.toastType}: ${t.text}`);
const star = (name: string) => screen.getByRole('button', { name: `Favorite ${name}` });
const pressed = (name: string) => star(name).getAttribute('aria-pressed');

describe('favourite stars on lists', () => {
  it('shows each chart card’s star from favorite_status and toggles it through the favorites endpoints', async () => {
    const favorites = new Set([2]);
    let failSave = false;
    const { client, find } = createFakeServer({
      'GET /api/v1/chart/_info': ALL_PERMISSIONS,
      'GET /api/v1/chart/': () => ({ count: 3, result: chartRows(3) }),
      'GET /api/v1/chart/favorite_status/': (call) => ({ result: (call.q as number[]).map((id) => ({ id, value: favorites.has(id) })) }),
      'POST /api/v1/chart/1/favorites/': () => (failSave ? reply(500, { message: 'boom' }) : (favorites.add(1), { result: 'OK' })),
      'DELETE /api/v1/chart/2/favorites/': () => (favorites.delete(2), { result: 'OK' }),
    });
    const toasts = createToastStore();
    render(<ChartList client={client} toasts={toasts} />);
    await screen.findByText('Chart 1');
    await waitFor(() => expect(pressed('Chart 2')).toBe('true'));
    expect(find('GET', '/api/v1/chart/favorite_status/')[0]!.q).toEqual([1, 2, 3]);
    expect(pressed('Chart 1')).toBe('false');
    // The stars sit on the cards.
    expect(star('Chart 1').closest('article')?.getAttribute('data-row-id')).toBe('1');

    failSave = true;
    fireEvent.click(star('Chart 1'));
    await waitFor(() => expect(texts(toasts)).toEqual(['danger: There was an error saving the favorite status']));
    expect(pressed('Chart 1')).toBe('false');
    failSave = false;
    fireEvent.click(star('Chart 1'));
    await waitFor(() => expect(pressed('Chart 1')).toBe('true'));
    expect(find('POST', '/api/v1/chart/1/favorites/')).toHaveLength(2);
    fireEvent.click(star('Chart 2'));
    await waitFor(() => expect(pressed('Chart 2')).toBe('false'));
    expect(find('DELETE', '/api/v1/chart/2/favorites/')).toHaveLength(1);
    expect([...favorites]).toEqual([1]);
  }, 15_000);

  it('puts a star column in the dashboards table and says when the status cannot be fetched', async () => {
    let failFetch = false;
    const dashboards = [1, 2].map((id) => ({ id, dashboard_title: `Dash ${id}`, url: `/superset/dashboard/${id}/`, published: true, owners: [], tags: [] }));
    const { client, find } = createFakeServer({
      'GET /api/v1/dashboard/_info': ALL_PERMISSIONS,
      'GET /api/v1/dashboard/': () => ({ count: 2, result: dashboards }),
      'GET /api/v1/dashboard/favorite_status/': (call) => (failFetch ? reply(500, { message: 'down' }) : { result: (call.q as number[]).map((id) => ({ id, value: id === 1 })) }),
      'DELETE /api/v1/dashboard/1/favorites/': () => ({ result: 'OK' }),
    });
    const toasts = createToastStore();
    const { unmount } = render(<DashboardList client={client} toasts={toasts} search="?viewMode=table" />);
    await screen.findByText('Dash 1');
    await waitFor(() => expect(pressed('Dash 1')).toBe('true'));
    expect(star('Dash 1').closest('tr')?.getAttribute('data-row-id')).toBe('1');
    fireEvent.click(star('Dash 1'));
    await waitFor(() => expect(pressed('Dash 1')).toBe('false'));
    expect(find('DELETE', '/api/v1/dashboard/1/favorites/')).toHaveLength(1);
    unmount();

    failFetch = true;
    render(<DashboardList client={client} toasts={toasts} search="?viewMode=table" />);
    await screen.findByText('Dash 2');
    await waitFor(() => expect(texts(toasts)).toContain('danger: There was an error fetching the favorite status'));
    // An unknown status leaves the star inert rather than guessing.
    expect((star('Dash 2') as HTMLButtonElement).disabled).toBe(true);
  }, 15_000);
});
