import { createSessionStore, type CurrentUser, type MeResult } from '@lumen-bi/views';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './app';

const admin: CurrentUser = { id: 1, username: 'admin', first_name: 'Lumen', last_name: 'Admin', email: 'admin@example.com', is_active: true, roles: { Admin: [] } };

const signedIn = async (): Promise<MeResult> => ({ status: 'authenticated', user: admin });
const anonymous = async (): Promise<MeResult> => ({ status: 'anonymous' });

function renderAt(path: string, loadMe: () => Promise<MeResult>) {
  window.history.replaceState(null, '', path);
  return render(<App session={createSessionStore()} loadMe={loadMe} />);
}

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  // A desktop window: at 1100 px and below the top navigation folds its links into a menu.
  (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM.setViewport({ width: 1440, height: 900 });
});
afterEach(cleanup);

describe('App', () => {
  it('sends an anonymous visitor to the login page with next', async () => {
    renderAt('/chart/list/?page=2', anonymous);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(window.location.pathname).toBe('/login/');
    expect(new URLSearchParams(window.location.search).get('next')).toBe('/chart/list/?page=2');
  });

  it('shows the login error from ?error=1 without asking who is signed in', async () => {
    const loadMe = vi.fn(anonymous);
    renderAt('/login/?error=1&next=%2Fsqllab%2F', loadMe);
    expect(screen.getByRole('alert').textContent).toBe('Invalid login. Please try again.');
    expect(loadMe).not.toHaveBeenCalled();
  });

  it('redirects / to the home page for a signed-in user and renders the shell', async () => {
    renderAt('/', signedIn);
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(window.location.pathname).toBe('/superset/welcome/');
    expect(screen.getByRole('button', { name: 'Lumen Admin' })).toBeTruthy();
    expect(document.title).toBe('Home - Lumen BI');
  });

  it('navigates in-app from the nav and follows back', async () => {
    renderAt('/superset/welcome/', signedIn);
    await screen.findByRole('heading', { name: 'Home' });
    fireEvent.click(screen.getByRole('link', { name: 'Charts' }), { button: 0 });
    expect(await screen.findByRole('heading', { name: 'Charts' })).toBeTruthy();
    expect(window.location.pathname).toBe('/chart/list/');
    await act(async () => {
      window.history.replaceState(null, '', '/databaseview/list/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(await screen.findByRole('heading', { name: 'Databases' })).toBeTruthy();
  });

  it('shows a not-found page inside the shell for unknown paths', async () => {
    renderAt('/nope/', signedIn);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('reports a server failure and retries', async () => {
    const loadMe = vi.fn<() => Promise<MeResult>>().mockRejectedValueOnce(new Error('The server answered 500')).mockImplementation(signedIn);
    renderAt('/sqllab/', loadMe);
    expect((await screen.findByRole('alert')).textContent).toContain('The server answered 500');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    // The SQL Lab page (lazy) takes over from the boot error.
    expect((await screen.findAllByText(/SQL Lab/)).length).toBeGreaterThan(0);
  });
});
