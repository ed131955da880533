import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../session/current-user';
import { AppShell } from './app-shell';
import { canManageUsers } from './settings-menu';
import { createFakeServer } from '../testing/fake-server';

const person = (roles: CurrentUser['roles']): CurrentUser => ({ id: 1, username: 'u', first_name: '', last_name: '', email: '', is_active: true, roles });

/** The server side of the shell: the user has no theme choice stored there. */
const preferences = createFakeServer({ 'GET /api/v1/me/preferences/': () => ({ result: { theme_mode: null } }), 'PUT /api/v1/me/preferences/': ({ body }) => ({ result: body }) });

afterEach(cleanup);

describe('SettingsMenu', () => {
  it('is offered to admins and to roles holding can_read on User, not to others', () => {
    expect(canManageUsers(person({ Admin: [] }))).toBe(true);
    expect(canManageUsers(person({ helpdesk: [['can_read', 'User']] }))).toBe(true);
    expect(canManageUsers(person({ Gamma: [['can_read', 'Chart']] }))).toBe(false);
    render(<AppShell client={preferences.client} user={person({ Gamma: [] })} pathname="/chart/list/" />);
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
  });

  it('offers a role reading users but not roles only List Users', () => {
    render(<AppShell client={preferences.client} user={person({ helpdesk: [['can_read', 'User']] })} pathname="/chart/list/" />);
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(screen.getAllByRole('menuitem').map((a) => a.textContent)).toEqual(['List Users']);
  });

  it('offers a role reading annotations (Gamma) only Manage → Annotation Layers', () => {
    render(<AppShell client={preferences.client} user={person({ Gamma: [['can_read', 'Annotation']] })} pathname="/chart/list/" />);
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(screen.getAllByRole('menuitem').map((a) => a.textContent)).toEqual(['Annotation Layers']);
    expect(screen.getByRole('group', { name: 'Manage' })).toBeTruthy();
  });

  it('opens with the admin screens, navigates in the app and closes on Escape', () => {
    const onNavigate = vi.fn();
    render(<AppShell client={preferences.client} user={person({ Admin: [] })} pathname="/chart/list/" onNavigate={onNavigate} />);
    const button = screen.getByRole('button', { name: 'Settings' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    const menu = screen.getByRole('menu', { name: 'Settings' });
    expect(Array.from(menu.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['List Users', '/users/list/'],
      ['List Roles', '/roles/list/'],
      ['Row Level Security', '/rowlevelsecurity/list/'],
      ['Annotation Layers', '/annotationlayer/list/'],
    ]);
    expect(Array.from(menu.querySelectorAll('[role="group"]')).map((g) => g.getAttribute('aria-label'))).toEqual(['Security', 'Manage']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'List Users' }), { button: 0 });
    expect(onNavigate).toHaveBeenCalledWith('/users/list/');
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(button);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
