import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocaleProvider } from '../i18n/locale-provider';
import type { CurrentUser } from '../session/current-user';
import { createFakeServer, reply } from '../testing/fake-server';
import { AppShell } from './app-shell';

const ada: CurrentUser = { id: 1, username: 'ada', first_name: 'Ada', last_name: 'Admin', email: 'ada@example.com', is_active: true, roles: { Admin: [] }, locale: 'en' };

const OWN_NAMES = ['English', 'français', 'español', 'italiano', '中文', '日本語', 'Deutsch', 'português', 'português (Brasil)', 'русский', '한국어', 'slovenčina', 'slovenščina', 'Nederlands'];

/** The app's part (packages/app/src/app.tsx): the session's locale drawn by a LocaleProvider, switched by the shell. */
function App({ server }: { server: ReturnType<typeof createFakeServer> }) {
  const [user, setUser] = useState(ada);
  return (
    <LocaleProvider locale={user.locale}>
      <AppShell client={server.client} user={user} pathname="/dashboard/list/" onLocaleChange={(locale) => setUser({ ...user, locale })} />
    </LocaleProvider>
  );
}

const fakeServer = (saved: { status: number } = { status: 200 }) =>
  createFakeServer({
    'GET /api/v1/me/preferences/': () => ({ result: { theme_mode: null, locale: null } }),
    'PUT /api/v1/me/preferences/': ({ body }) => (saved.status === 200 ? { result: body } : reply(saved.status, { message: 'down' })),
  });

const openUserMenu = () => fireEvent.click(screen.getByRole('button', { name: 'Ada Admin' }));
const languageGroup = () => within(screen.getByRole('menu')).getAllByRole('group')[1];

beforeEach(() => {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }),
  });
});
afterEach(cleanup);

describe('the user menu’s Language choice', () => {
  it('lists the 14 locales by their own names, each marked with its language, the current one checked', () => {
    render(<App server={fakeServer()} />);
    openUserMenu();
    const group = screen.getByRole('group', { name: 'Language' });
    const items = within(group).getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual(OWN_NAMES);
    expect(items.map((item) => item.getAttribute('lang'))).toEqual(['en', 'fr', 'es', 'it', 'zh', 'ja', 'de', 'pt', 'pt-BR', 'ru', 'ko', 'sk', 'sl', 'nl']);
    expect(items.filter((item) => item.getAttribute('aria-checked') === 'true').map((item) => item.textContent)).toEqual(['English']);
    // Buttons, so Tab reaches each one and Enter or Space chooses it, as in the Theme group.
    expect(items.every((item) => item.tagName === 'BUTTON' && item.getAttribute('type') === 'button')).toBe(true);
  });

  it('switches the shell to French, then Japanese, without a reload, and keeps each choice on the server', async () => {
    const server = fakeServer();
    render(<App server={server} />);
    openUserMenu();
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'français' }));
    await screen.findByRole('link', { name: 'Tableaux de bord' });
    expect(Array.from(screen.getByRole('navigation').querySelectorAll('a')).map((a) => a.textContent)).toEqual([
      'Accueil', 'Graphiques', 'Tableaux de bord', 'SQL', 'Jeux de données', 'Bases de données', 'Rapports', 'Étiquettes',
    ]);
    // The menu stays open and speaks French too; the choice is checked.
    expect(within(languageGroup()).getByRole('menuitemradio', { name: 'français' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('group', { name: 'Langue' })).toBeTruthy();
    expect(screen.getByRole('menuitemradio', { name: 'Sombre' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Déconnexion' })).toBeTruthy();

    fireEvent.click(screen.getByRole('menuitemradio', { name: '日本語' }));
    await screen.findByRole('link', { name: 'ダッシュボード' });
    expect(screen.getByRole('button', { name: '設定' })).toBeTruthy();
    await waitFor(() => expect(server.find('PUT', '/api/v1/me/preferences/').map((call) => call.body)).toEqual([{ locale: 'fr' }, { locale: 'ja' }]));
  });

  it('keeps the new language on this page and says so when the server cannot store it', async () => {
    render(<App server={fakeServer({ status: 500 })} />);
    openUserMenu();
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Deutsch' }));
    await screen.findByText('Ihre Sprache konnte nicht gespeichert werden; sie gilt, bis Sie diese Seite verlassen.');
    expect(screen.getByRole('link', { name: 'Dashboards' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Startseite' })).toBeTruthy();
  });

  it('is not offered when the host gives no way to switch the language', () => {
    render(<AppShell client={fakeServer().client} user={ada} pathname="/" />);
    openUserMenu();
    expect(screen.queryByRole('group', { name: 'Language' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Theme' })).toBeTruthy();
  });
});
