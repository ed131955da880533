import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from '../components/toast-store';
import { createFakeServer, reply, type FakeCall } from '../lists/test-support';
import { fieldOfPasswordError, PASSWORDS_DIFFER } from './profile-data';
import { ProfilePage } from './profile-page';

afterEach(cleanup);

const profile = (extra: object = {}) => ({
  id: 7, username: 'grace', first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.org', roles: ['Gamma', 'sql_lab'],
  last_login: '2026-11-20T08:15:00.000Z', login_count: 12, has_password: true, ...extra,
});

function profileServer(overrides: Record<string, (call: FakeCall) => unknown> = {}, extra: object = {}) {
  return createFakeServer({ 'GET /api/v1/me/profile/': () => ({ result: profile(extra) }), ...overrides });
}
const form = (name: string) => within(screen.getByRole('form', { name }));
const weak = 'Password is too weak: it must be at least 10 characters long';
const fill = (values: [RegExp, string][]) => {
  for (const [label, value] of values) fireEvent.change(form('Change password').getByLabelText(label), { target: { value } });
};

describe('ProfilePage', () => {
  it('shows username, roles, last login and login count', async () => {
    render(<ProfilePage client={profileServer().client} toasts={createToastStore()} />);
    const details = (await screen.findByText('Username')).closest('dl')!;
    for (const text of ['grace', 'Gamma, sql_lab', '2026-11-20 08:15', '12']) expect(within(details).getByText(text)).toBeTruthy();
  });

  it('saves names and e-mail, tells the host, and shows a taken e-mail on its field', async () => {
    let taken = true;
    const server = profileServer({
      'PUT /api/v1/me/': (call) => (taken ? reply(422, { message: "A user with email 'ada@example.org' already exists" }) : { result: profile(call.body as object) }),
    });
    const onProfileChange = vi.fn();
    const toasts = createToastStore();
    render(<ProfilePage client={server.client} toasts={toasts} onProfileChange={onProfileChange} />);
    await screen.findByText('Username');
    const names = form('Name and e-mail');
    expect((names.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(names.getByLabelText(/^First name/), { target: { value: 'Amazing Grace' } });
    fireEvent.change(names.getByLabelText(/^E-mail/), { target: { value: 'ada@example.org' } });
    fireEvent.click(names.getByRole('button', { name: 'Save' }));
    expect((await names.findByRole('alert')).textContent).toContain('already exists');
    expect(names.getByLabelText(/^E-mail/).getAttribute('aria-invalid')).toBe('true');

    taken = false;
    fireEvent.click(names.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onProfileChange).toHaveBeenCalledWith(expect.objectContaining({ first_name: 'Amazing Grace', email: 'ada@example.org' })));
    expect(server.find('PUT', '/api/v1/me/').at(-1)!.body).toEqual({ first_name: 'Amazing Grace', last_name: 'Hopper', email: 'ada@example.org' });
    expect(toasts.toasts.value.map((t) => t.text)).toContain('Profile saved');
  });

  it('changes the password: a mismatch is caught here, a wrong current password and the policy show on their fields', async () => {
    const server = profileServer({
      'PUT /api/v1/me/password/': (call) => {
        const body = call.body as { current_password: string; new_password: string };
        if (body.current_password !== 'old-harbour-11') return reply(400, { message: 'The current password is not correct' });
        if (body.new_password.length < 10) return reply(400, { message: weak });
        return { message: 'OK' };
      },
    });
    const toasts = createToastStore();
    render(<ProfilePage client={server.client} toasts={toasts} />);
    await screen.findByText('Username');
    fill([[/^Current password/, 'wrong-one'], [/^New password/, 'new-harbour-22'], [/^Confirm new password/, 'new-harbour-23']]);
    fireEvent.click(form('Change password').getByRole('button', { name: 'Change password' }));
    expect((await form('Change password').findByRole('alert')).textContent).toBe(PASSWORDS_DIFFER);
    expect(server.find('PUT', '/api/v1/me/password/')).toHaveLength(0);

    fill([[/^Confirm new password/, 'new-harbour-22']]);
    fireEvent.click(form('Change password').getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(form('Change password').getByLabelText(/^Current password/).getAttribute('aria-invalid')).toBe('true'));

    fill([[/^Current password/, 'old-harbour-11'], [/^New password/, 'short'], [/^Confirm new password/, 'short']]);
    fireEvent.click(form('Change password').getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(form('Change password').getByRole('alert').textContent).toBe(weak));
    expect(form('Change password').getByLabelText(/^New password/).getAttribute('aria-invalid')).toBe('true');

    fill([[/^New password/, 'new-harbour-22'], [/^Confirm new password/, 'new-harbour-22']]);
    fireEvent.click(form('Change password').getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(toasts.toasts.value.map((t) => t.text)).toContain('Password changed. Your other sessions were signed out.'));
    expect(server.find('PUT', '/api/v1/me/password/').at(-1)!.body).toEqual({ current_password: 'old-harbour-11', new_password: 'new-harbour-22' });
    expect((form('Change password').getByLabelText(/^Current password/) as HTMLInputElement).value).toBe('');
  });

  it('hides Change password for an account without a password here (single sign-on)', async () => {
    render(<ProfilePage client={profileServer({}, { has_password: false }).client} toasts={createToastStore()} />);
    await screen.findByText('Username');
    expect(screen.queryByRole('form', { name: 'Change password' })).toBeNull();
    expect(screen.getByRole('form', { name: 'Name and e-mail' })).toBeTruthy();
  });
});

describe('fieldOfPasswordError', () => {
  it('puts the current-password refusal on that field and policy refusals on the new password', () => {
    expect(fieldOfPasswordError('The current password is not correct')).toBe('current_password');
    expect(fieldOfPasswordError(weak)).toBe('new_password');
    expect(fieldOfPasswordError('Password is unchanged: the new password must differ from the current one')).toBe('new_password');
    expect(fieldOfPasswordError('Too many failed logins. Try again in a few minutes.')).toBeNull();
  });
});
