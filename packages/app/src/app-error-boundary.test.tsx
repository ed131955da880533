import { createSessionStore, type CurrentUser, type MeResult } from '@lumen-bi/views';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './app';

// The tag page stands in for any page whose render throws (a bad API answer, a bug in a view).
vi.mock('./pages/tag-page', () => ({
  TagPage: function TagPage(): never {
    throw new Error('tags is undefined');
  },
}));

const admin: CurrentUser = { id: 1, username: 'admin', first_name: 'Lumen', last_name: 'Admin', email: 'admin@example.com', is_active: true, roles: { Admin: [] } };
const signedIn = async (): Promise<MeResult> => ({ status: 'authenticated', user: admin });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('App error boundary', () => {
  it('shows a crashing page as an unexpected error inside the shell, and the next page renders again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/superset/all_entities/');
    render(<App session={createSessionStore()} loadMe={signedIn} />);
    expect(await screen.findByRole('heading', { name: 'Unexpected error' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('tags is undefined');
    // The shell stays usable around the panel.
    expect(screen.getByRole('button', { name: 'Lumen Admin' })).toBeTruthy();
    await act(async () => {
      window.history.replaceState(null, '', '/savedqueryview/list/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(await screen.findByRole('heading', { name: 'Saved queries' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Unexpected error' })).toBeNull();
  });
});
