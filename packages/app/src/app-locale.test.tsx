import { createSessionStore, type CurrentUser, type MeResult } from '@lumen-bi/views';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './app';
import { browserLocale } from './app-locale';

const admin: CurrentUser = { id: 1, username: 'admin', first_name: 'Lumen', last_name: 'Admin', email: 'admin@example.com', is_active: true, roles: { Admin: [] } };
const signedInIn = (locale: string) => async (): Promise<MeResult> => ({ status: 'authenticated', user: { ...admin, locale } });

function renderAt(path: string, loadMe: () => Promise<MeResult>) {
  window.history.replaceState(null, '', path);
  return render(<App session={createSessionStore()} loadMe={loadMe} />);
}

const navTexts = () => Array.from(screen.getByRole('navigation').querySelectorAll('a')).map((a) => a.textContent);

beforeEach(() => {
  (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM.setViewport({ width: 1440, height: 900 });
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ result: [] }), { status: 200, headers: { 'content-type': 'application/json' } })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the app’s language', () => {
  it('draws the shell in the locale /api/v1/me/ answers from its first paint, and sets <html lang>', async () => {
    renderAt('/superset/welcome/', signedInIn('pt_BR'));
    await screen.findByRole('button', { name: 'Lumen Admin' });
    // No English frame: the catalogue was loaded with the user.
    expect(navTexts().slice(0, 3)).toEqual(['Início', 'Gráficos', 'Painéis']);
    expect(document.documentElement.lang).toBe('pt-BR');
  });

  it('switches from the user menu without a reload, <html lang> included', async () => {
    renderAt('/superset/welcome/', signedInIn('fr'));
    fireEvent.click(await screen.findByRole('button', { name: 'Lumen Admin' }));
    const language = screen.getByRole('group', { name: 'Langue' });
    fireEvent.click(within(language).getByRole('menuitemradio', { name: '日本語' }));
    await screen.findByRole('link', { name: 'ダッシュボード' });
    expect(document.documentElement.lang).toBe('ja');
    expect(within(screen.getByRole('group', { name: '言語' })).getByRole('menuitemradio', { name: '日本語' }).getAttribute('aria-checked')).toBe('true');
  });

  it('draws the signed-out login page in the browser’s best language', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['sv-SE', 'de-AT', 'en']);
    renderAt('/login/', async () => ({ status: 'anonymous' }));
    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeTruthy();
    expect(screen.getByLabelText('Benutzername')).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
  });
});

describe('browserLocale', () => {
  it('picks the first shipped language, English when none is', () => {
    expect(browserLocale(['pt-PT', 'en'])).toBe('pt');
    expect(browserLocale(['zh-CN'])).toBe('zh');
    expect(browserLocale(['sv', 'fi'])).toBe('en');
  });
});
