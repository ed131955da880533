import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createToastStore } from '../components/toast-store';
import { ALL_PERMISSIONS, createFakeServer, reply, type FakeCall } from '../lists/test-support';
import { fieldOfError } from './user-form';
import { UserList } from './user-list';

afterEach(cleanup);

const USERS = '/api/v1/security/users/';
const userRows = () => [
  { id: 1, username: 'admin', first_name: 'Ada', last_name: 'Lovelace', email: 'admin@example.org', active: true, roles: [{ id: 1, name: 'Admin' }], last_login: '2026-11-20T08:15:00.000Z' },
  { id: 2, username: 'gamma', first_name: 'Gus', last_name: 'Gamma', email: 'gamma@example.org', active: false, roles: [{ id: 4, name: 'Gamma' }], last_login: null },
];

function userServer(overrides: Record<string, (call: FakeCall) => unknown> = {}) {
  const rows = userRows();
  return createFakeServer({
    [`GET ${USERS}_info`]: ALL_PERMISSIONS,
    [`GET ${USERS}`]: () => ({ count: rows.length, result: rows }),
    [`GET ${USERS}related/roles`]: () => ({ count: 2, result: [{ value: 1, text: 'Admin' }, { value: 4, text: 'Gamma' }] }),
    [`GET ${USERS}related/active`]: () => ({ count: 0, result: [] }),
    ...overrides,
  });
}

const renderList = (server: ReturnType<typeof userServer>, toasts = createToastStore()) => {
  render(<UserList client={server.client} toasts={toasts} />);
  return toasts;
};
const rowOf = async (name: string) => within((await screen.findByText(name)).closest('tr')!);
const dialog = () => within(screen.getByRole('dialog'));

describe('UserList', () => {
  it('lists users with names, e-mail, roles, active and last login, sorted by username, and searches', async () => {
    const server = userServer();
    renderList(server);
    const admin = await rowOf('admin');
    expect(admin.getByText('admin@example.org')).toBeTruthy();
    expect(admin.getByText('Admin', { selector: 'td' })).toBeTruthy();
    expect(admin.getByText('2026-11-20 08:15')).toBeTruthy();
    expect((await rowOf('gamma')).getByText('No')).toBeTruthy();
    expect(server.find('GET', USERS)[0].q).toMatchObject({ order_column: 'username', order_direction: 'asc' });

    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'gam' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect((server.find('GET', USERS).at(-1)!.q as { filters?: unknown[] }).filters).toEqual([{ col: 'username', opr: 'ct', value: 'gam' }]));
  });

  it('adds a user through the modal, with the roles picked from the server', async () => {
    const server = userServer({ [`POST ${USERS}`]: () => reply(201, { id: 3, result: {} }) });
    const toasts = renderList(server);
    fireEvent.click(await screen.findByRole('button', { name: '+ User' }));
    const form = dialog();
    fireEvent.change(form.getByLabelText(/^Username/), { target: { value: 'grace' } });
    fireEvent.change(form.getByLabelText(/^First name/), { target: { value: 'Grace' } });
    fireEvent.change(form.getByLabelText(/^Last name/), { target: { value: 'Hopper' } });
    fireEvent.change(form.getByLabelText(/^E-mail/), { target: { value: 'grace@example.org' } });
    fireEvent.change(form.getByLabelText(/^Password/), { target: { value: 'harbour-lights-42' } });
    const roles = form.getByRole('combobox', { name: 'Roles' });
    fireEvent.focus(roles);
    fireEvent.click(await screen.findByRole('option', { name: 'Gamma' }));
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.find('POST', USERS)[0].body).toEqual({ username: 'grace', first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.org', roles: [4], active: true, password: 'harbour-lights-42' });
    expect(toasts.toasts.value.map((t) => t.text)).toContain('Saved: grace');
  });

  it('with single sign-on configured, adds a user without a password (signs in through the provider)', async () => {
    const server = userServer({
      'GET /api/v1/security/providers/': () => ({ result: [{ provider: 'oidc', label: 'Acme SSO', url: '/login/oidc/' }] }),
      [`POST ${USERS}`]: () => reply(201, { id: 3, result: {} }),
    });
    renderList(server);
    fireEvent.click(await screen.findByRole('button', { name: '+ User' }));
    const form = dialog();
    const password = form.getByLabelText(/^Password/);
    const hint = await form.findByText(/Signs in with single sign-on/);
    expect(password.getAttribute('aria-describedby')).toBe(hint.id);
    expect(form.getByText('Password').parentElement!.querySelector('.bi-form-field__required')).toBeNull();
    fireEvent.change(form.getByLabelText(/^Username/), { target: { value: 'sam' } });
    fireEvent.change(form.getByLabelText(/^First name/), { target: { value: 'Sam' } });
    fireEvent.change(form.getByLabelText(/^Last name/), { target: { value: 'Sso' } });
    fireEvent.change(form.getByLabelText(/^E-mail/), { target: { value: 'sam@example.org' } });
    fireEvent.focus(form.getByRole('combobox', { name: 'Roles' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Gamma' }));
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.find('POST', USERS)[0].body).toEqual({ username: 'sam', first_name: 'Sam', last_name: 'Sso', email: 'sam@example.org', roles: [4], active: true, password: '' });
  });

  it('without single sign-on, marks the new user’s password as required and shows the server’s refusal of an empty one', async () => {
    const missing = "Missing required field 'password'";
    const server = userServer({ [`POST ${USERS}`]: () => reply(400, { message: missing }) });
    renderList(server);
    fireEvent.click(await screen.findByRole('button', { name: '+ User' }));
    await waitFor(() => expect(server.find('GET', '/api/v1/security/providers/')).toHaveLength(1));
    expect(dialog().getByText('Password').parentElement!.querySelector('.bi-form-field__required')).toBeTruthy();
    expect(dialog().queryByText(/single sign-on/)).toBeNull();
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    const alert = await dialog().findByRole('alert');
    expect(alert.textContent).toBe(missing);
    expect(dialog().getByLabelText(/^Password/).getAttribute('aria-describedby')).toBe(alert.id);
  });

  it('shows the server’s password-strength refusal on the password field and keeps the dialog open', async () => {
    const weak = 'Password is too weak: it must be at least 10 characters long';
    const server = userServer({ [`POST ${USERS}`]: () => reply(400, { message: weak, errors: [{ message: weak, error_type: 'INVALID_PAYLOAD_SCHEMA_ERROR', level: 'error' }] }) });
    renderList(server);
    fireEvent.click(await screen.findByRole('button', { name: '+ User' }));
    fireEvent.change(dialog().getByLabelText(/^Password/), { target: { value: 'short' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    const alert = await dialog().findByRole('alert');
    expect(alert.textContent).toBe(weak);
    expect(dialog().getByLabelText(/^Password/).getAttribute('aria-describedby')).toBe(alert.id);
  });

  it('edits a user without sending a password, and shows a duplicate name on the username field', async () => {
    const server = userServer({ [`PUT ${USERS}2`]: () => reply(422, { message: "A user with username 'admin' already exists" }) });
    renderList(server);
    fireEvent.click((await rowOf('gamma')).getByRole('button', { name: 'Edit gamma' }));
    expect((dialog().getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe('gamma@example.org');
    expect(dialog().queryByLabelText(/^Password/)).toBeNull();
    fireEvent.change(dialog().getByLabelText(/^Username/), { target: { value: 'admin' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    expect((await dialog().findByRole('alert')).textContent).toContain('already exists');
    expect(server.find('PUT', `${USERS}2`)[0].body).toEqual({ username: 'admin', first_name: 'Gus', last_name: 'Gamma', email: 'gamma@example.org', roles: [4], active: false });
  });

  it('activates, deactivates and resets a password, toasting refusals with the server’s reason', async () => {
    const server = userServer({
      [`PUT ${USERS}1`]: (call) => ((call.body as { active?: boolean }).active === false ? reply(422, { message: 'The change would leave no active admin' }) : { id: 1, result: {} }),
      [`PUT ${USERS}2`]: () => ({ id: 2, result: {} }),
    });
    const toasts = renderList(server);
    fireEvent.click((await rowOf('gamma')).getByRole('button', { name: 'Activate gamma' }));
    await waitFor(() => expect(server.find('PUT', `${USERS}2`)[0]?.body).toEqual({ active: true }));
    fireEvent.click((await rowOf('admin')).getByRole('button', { name: 'Deactivate admin' }));
    await waitFor(() => expect(toasts.toasts.value.map((t) => t.text)).toContain('admin could not be deactivated: The change would leave no active admin'));

    fireEvent.click((await rowOf('admin')).getByRole('button', { name: 'Reset password of admin' }));
    fireEvent.change(dialog().getByLabelText(/^New password/), { target: { value: 'another-harbour-77' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.find('PUT', `${USERS}1`).at(-1)!.body).toEqual({ password: 'another-harbour-77' }));
    await waitFor(() => expect(toasts.toasts.value.map((t) => t.text)).toContain('Password changed: admin'));
  });

  it('deletes a user after confirmation', async () => {
    const server = userServer({ [`DELETE ${USERS}2`]: () => ({ message: 'OK' }) });
    renderList(server);
    fireEvent.click((await rowOf('gamma')).getByRole('button', { name: 'Delete gamma' }));
    expect(server.find('DELETE', `${USERS}2`)).toHaveLength(0);
    fireEvent.click(dialog().getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.find('DELETE', `${USERS}2`)).toHaveLength(1));
  });
});

describe('fieldOfError', () => {
  it('names the field a server message is about', () => {
    expect(fieldOfError('Password is too weak: it must be at least 10 characters long')).toBe('password');
    expect(fieldOfError("'email' must be an e-mail address")).toBe('email');
    expect(fieldOfError("A user with username 'Alpha' already exists")).toBe('username');
    expect(fieldOfError('Roles 9999 does not exist')).toBe('roles');
    expect(fieldOfError('Something else went wrong')).toBeNull();
  });
});
