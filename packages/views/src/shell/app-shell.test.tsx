import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../session/current-user';
import { AppShell } from './app-shell';
import { isNavItemActive, NAV_ITEMS } from './nav-items';
import { createFakeServer } from '../testing/fake-server';

const user: CurrentUser = { id: 1, username: 'admin', first_name: 'Ada', last_name: 'Admin', email: 'admin@example.com', is_active: true, roles: { Admin: [] } };

/** The server side of the shell: the user has no theme choice stored there. */
const preferences = createFakeServer({ 'GET /api/v1/me/preferences/': () => ({ result: { theme_mode: null } }), 'PUT /api/v1/me/preferences/': ({ body }) => ({ result: body }) });

/** A window `width` px wide, as matchMedia answers max-width queries (TopNav folds its links at 1100 px). */
const setWidth = (width: number) => {
  const matchMedia = (query: string) => {
    const max = Number(/max-width:\s*(\d+)px/.exec(query)?.[1] ?? Infinity);
    return { matches: width <= max, media: query, addEventListener: () => undefined, removeEventListener: () => undefined } as unknown as MediaQueryList;
  };
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: matchMedia });
};

beforeEach(() => setWidth(1440));
afterEach(cleanup);

describe('AppShell', () => {
  it('shows the main links with their routes and the page content', () => {
    render(
      <AppShell client={preferences.client} user={user} pathname="/chart/list/">
        <p>page body</p>
      </AppShell>,
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = Array.from(nav.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/superset/welcome/'],
      ['Charts', '/chart/list/'],
      ['Dashboards', '/dashboard/list/'],
      ['SQL', '/sqllab/'],
      ['Datasets', '/tablemodelview/list/'],
      ['Databases', '/databaseview/list/'],
      ['Reports', '/report/list/'],
      ['Tags', '/superset/tags/'],
    ]);
    expect(screen.getByRole('link', { name: 'Charts' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByText('page body')).toBeTruthy();
  });

  it('hands plain clicks to onNavigate and leaves modified clicks to the browser', () => {
    const onNavigate = vi.fn();
    render(<AppShell client={preferences.client} user={user} pathname="/superset/welcome/" onNavigate={onNavigate} />);
    const sql = screen.getByRole('link', { name: 'SQL' });
    expect(fireEvent.click(sql, { button: 0 })).toBe(false);
    expect(onNavigate).toHaveBeenCalledWith('/sqllab/');
    onNavigate.mockClear();
    expect(fireEvent.click(sql, { button: 0, ctrlKey: true })).toBe(true);
    expect(onNavigate).not.toHaveBeenCalled();
  });

  it('opens a user menu with the name and a Logout link to /logout/', () => {
    render(<AppShell client={preferences.client} user={user} pathname="/" />);
    const button = screen.getByRole('button', { name: 'Ada Admin' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menuitem', { name: 'Logout' })).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('menuitem', { name: 'Logout' }).getAttribute('href')).toBe('/logout/');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('menuitem', { name: 'Logout' })).toBeNull();
  });

  it('links the user menu to the user’s profile, in the app', () => {
    const onNavigate = vi.fn();
    render(<AppShell client={preferences.client} user={user} pathname="/" onNavigate={onNavigate} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ada Admin' }));
    const profile = screen.getByRole('menuitem', { name: 'Profile' });
    expect(profile.getAttribute('href')).toBe('/user_info/');
    fireEvent.click(profile, { button: 0 });
    expect(onNavigate).toHaveBeenCalledWith('/user_info/');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it("applies the theme the user chose in another browser, and keeps a new choice on the server", async () => {
    localStorage.clear();
    const server = createFakeServer({ 'GET /api/v1/me/preferences/': () => ({ result: { theme_mode: 'dark' } }), 'PUT /api/v1/me/preferences/': ({ body }) => ({ result: body }) });
    render(<AppShell client={server.client} user={user} pathname="/" />);
    await waitFor(() => expect(document.documentElement.dataset.biTheme).toBe('dark'));
    fireEvent.click(screen.getByRole('button', { name: 'Ada Admin' }));
    expect(screen.getByRole('menuitemradio', { name: 'Dark' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Light' }));
    expect(document.documentElement.dataset.biTheme).toBe('default');
    await waitFor(() => expect(server.find('PUT', '/api/v1/me/preferences/').map((call) => call.body)).toEqual([{ theme_mode: 'default' }]));
  });
});

describe('isNavItemActive', () => {
  it('matches the page and pages below it, and / only exactly', () => {
    const [home, charts] = NAV_ITEMS;
    expect(isNavItemActive(home!, '/')).toBe(true);
    expect(isNavItemActive(home!, '/chart/list/')).toBe(false);
    expect(isNavItemActive(charts!, '/chart/list')).toBe(true);
    expect(isNavItemActive(charts!, '/chart/list/?page=2'.split('?')[0]!)).toBe(true);
    expect(isNavItemActive(charts!, '/dashboard/list/')).toBe(false);
  });

  it('folds the main links into a Menu button on a narrow window, which names the page and navigates', async () => {
    setWidth(800);
    const onNavigate = vi.fn();
    render(<AppShell client={preferences.client} user={user} pathname="/report/list/" onNavigate={onNavigate} />);
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    const button = screen.getByRole('button', { name: 'Menu, current page Reports' });
    fireEvent.click(button);
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(NAV_ITEMS.map((item) => item.label));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Tags' }));
    expect(onNavigate).toHaveBeenCalledWith('/superset/tags/');
  });

  it("offers the '+' menu only to users whose roles allow an entry", () => {
    render(<AppShell client={preferences.client} user={{ ...user, roles: { Gamma: [['can_read', 'Chart']] } }} pathname="/" />);
    expect(screen.queryByRole('button', { name: 'New' })).toBeNull();
    cleanup();
    render(<AppShell client={preferences.client} user={user} pathname="/" />);
    expect(screen.getByRole('button', { name: 'New' }).getAttribute('aria-haspopup')).toBe('menu');
  });
});
