import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createToastStore } from '../components/toast-store';
import { LocaleProvider } from '../i18n/locale-provider';
import { createFakeServer, reply } from '../lists/test-support';
import { HomeView } from './home-view';

afterEach(cleanup);

describe('HomeView', () => {
  it('requests each tab with the spec query', async () => {
    const { client, find } = createFakeServer({
      'GET /api/v1/log/recent_activity/': () => ({ result: [] }),
      'GET /api/v1/dashboard/': () => ({ count: 1, result: [{ id: 1, dashboard_title: 'Sales', url: '/superset/dashboard/1/', changed_on_utc: '2024-01-02' }] }),
      'GET /api/v1/chart/': () => ({ count: 4, result: [1, 2, 3, 4].map((id) => ({ id, slice_name: `C${id}`, url: `/explore/?slice_id=${id}`, changed_on_utc: `2024-01-0${id}` })) }),
      'GET /api/v1/saved_query/': () => ({ count: 0, result: [] }),
    });
    render(<HomeView client={client} toasts={createToastStore()} userId={5} />);
    const recents = screen.getByRole('region', { name: 'Recents' });
    fireEvent.click(within(recents).getByRole('tab', { name: 'Edited' }));
    // Edited shows at most 3 items, newest first.
    await waitFor(() => expect(within(recents).getAllByRole('link').map((a) => a.textContent)).toEqual(['C4', 'C3', 'C2']));
    const dashboardsCall = find('GET', '/api/v1/dashboard/').find((c) => JSON.stringify(c.q).includes('dashboard_is_favorite'));
    expect(dashboardsCall?.q).toMatchObject({ order_column: 'changed_on_delta_humanized', order_direction: 'desc', page: 0, page_size: 5, filters: [{ col: 'id', opr: 'dashboard_is_favorite', value: true }] });
    expect((dashboardsCall?.q as { select_columns: string[] }).select_columns).toContain('dashboard_title');
    fireEvent.click(within(screen.getByRole('region', { name: 'Charts' })).getByRole('tab', { name: 'Mine' }));
    await waitFor(() => expect(find('GET', '/api/v1/chart/').some((c) => JSON.stringify(c.q).includes('"rel_m_m"'))).toBe(true));
  });

  it('lists recently viewed items from the recent-activity endpoint, five at most', async () => {
    const { client, find } = createFakeServer({
      'GET /api/v1/log/recent_activity/': () => ({
        result: [
          { action: 'dashboard', item_type: 'dashboard', item_url: '/superset/dashboard/sales/', item_title: 'Sales', time: 2000, time_delta_humanized: 'a minute ago' },
          { action: 'explore', item_type: 'slice', item_url: '/explore/?slice_id=3', item_title: 'Revenue', time: 1000, time_delta_humanized: '2 hours ago' },
        ],
      }),
      'GET /api/v1/dashboard/': () => ({ count: 0, result: [] }),
      'GET /api/v1/chart/': () => ({ count: 0, result: [] }),
      'GET /api/v1/saved_query/': () => ({ count: 0, result: [] }),
    });
    render(<HomeView client={client} toasts={createToastStore()} userId={5} />);
    const recents = screen.getByRole('region', { name: 'Recents' });
    expect(within(recents).getByRole('tab', { name: 'Viewed' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(within(recents).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Sales', '/superset/dashboard/sales/'],
      ['Revenue', '/explore/?slice_id=3'],
    ]));
    expect(within(recents).getByText(/Viewed a minute ago/)).toBeTruthy();
    expect(find('GET', '/api/v1/log/recent_activity/')[0].q).toEqual({ page: 0, page_size: 5, distinct: true });
    expect(within(recents).queryByText(/not available/)).toBeNull();
  });

  it('shows the spec error when recent activity cannot be fetched', async () => {
    const { client } = createFakeServer({
      'GET /api/v1/log/recent_activity/': () => reply(500, { message: 'log down' }),
      'GET /api/v1/dashboard/': () => ({ count: 0, result: [] }),
      'GET /api/v1/chart/': () => ({ count: 0, result: [] }),
      'GET /api/v1/saved_query/': () => ({ count: 0, result: [] }),
    });
    const toasts = createToastStore();
    render(<HomeView client={client} toasts={toasts} userId={5} />);
    const recents = screen.getByRole('region', { name: 'Recents' });
    await waitFor(() => expect(within(recents).getByRole('alert').textContent).toBe('There was an error fetching the filtered charts and dashboards: log down'));
    expect(toasts.toasts.value.map((t) => t.text)).toContain('There was an error fetching the filtered charts and dashboards: log down');
  });

  it('reports fetch failures with the spec wording', async () => {
    const { client } = createFakeServer({
      'GET /api/v1/log/recent_activity/': () => ({ result: [] }),
      'GET /api/v1/dashboard/': () => reply(500, { message: 'boom' }),
      'GET /api/v1/chart/': () => ({ count: 0, result: [] }),
      'GET /api/v1/saved_query/': () => ({ count: 0, result: [] }),
    });
    const toasts = createToastStore();
    render(<HomeView client={client} toasts={toasts} userId={5} />);
    await waitFor(() => expect(toasts.toasts.value.map((t) => t.text)).toContain('There was an error fetching the filtered charts and dashboards: boom'));
  });

  it('speaks the locale of its LocaleProvider: headings, tabs, links and the empty state', async () => {
    const { client } = createFakeServer({
      'GET /api/v1/log/recent_activity/': () => ({ result: [] }),
      'GET /api/v1/dashboard/': () => ({ count: 0, result: [] }),
      'GET /api/v1/chart/': () => ({ count: 0, result: [] }),
      'GET /api/v1/saved_query/': () => ({ count: 0, result: [] }),
    });
    render(
      <LocaleProvider locale="fr">
        <HomeView client={client} toasts={createToastStore()} userId={5} />
      </LocaleProvider>,
    );
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Accueil'));
    const dashboards = screen.getByRole('region', { name: 'Tableaux de bord' });
    expect(within(dashboards).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Favoris', 'Les miens', 'Autres']);
    expect(within(dashboards).getByRole('tablist').getAttribute('aria-label')).toBe('Onglets Tableaux de bord');
    expect(within(dashboards).getByRole('link').textContent).toBe('Tout afficher »');
    await waitFor(() => expect(within(dashboards).getByRole('tabpanel', { name: 'Tableaux de bord : Favoris' }).textContent).toBe('Aucune donnée'));
  });
});
