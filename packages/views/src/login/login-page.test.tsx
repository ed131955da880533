import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INVALID_LOGIN_MESSAGE, LoginPage } from './login-page';
import { fetchLoginProviders } from './login-providers';
import { SSO_ERROR_MESSAGES } from './sso-messages';

afterEach(cleanup);

describe('LoginPage', () => {
  it('renders a form that posts username and password to /login/', () => {
    const { container } = render(<LoginPage providers={[]} />);
    const form = container.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/login/');
    expect((screen.getByLabelText('Username') as HTMLInputElement).name).toBe('username');
    expect((screen.getByLabelText('Password') as HTMLInputElement).type).toBe('password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(container.querySelector('input[name="next"]')).toBeNull();
  });

  it('shows the error message after a failed attempt', () => {
    render(<LoginPage providers={[]} error />);
    expect(screen.getByRole('alert').textContent).toBe(INVALID_LOGIN_MESSAGE);
    expect(INVALID_LOGIN_MESSAGE).toBe('Invalid login. Please try again.');
  });

  it('carries a same-site next path and drops a foreign one', () => {
    const { container, rerender } = render(<LoginPage providers={[]} next="/chart/list/?page=2" />);
    expect((container.querySelector('input[name="next"]') as HTMLInputElement).value).toBe('/chart/list/?page=2');
    rerender(<LoginPage providers={[]} next="https://evil.example/" />);
    expect(container.querySelector('input[name="next"]')).toBeNull();
  });
});

describe('LoginPage with single sign-on providers', () => {
  const oidc = { provider: 'oidc' as const, label: 'Acme SSO', url: '/login/oidc/' };
  const ldap = { provider: 'ldap' as const, label: 'Company directory', url: '/login/ldap/' };

  it('links to each OpenID provider, carrying next', () => {
    render(<LoginPage providers={[oidc]} next="/chart/list/" />);
    const link = screen.getByRole('link', { name: 'Sign in with Acme SSO' }) as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/login/oidc/?next=%2Fchart%2Flist%2F');
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('switches the password form to the directory and back', () => {
    const { container } = render(<LoginPage providers={[ldap]} />);
    const form = container.querySelector('form')!;
    expect(form.getAttribute('action')).toBe('/login/');
    fireEvent.click(screen.getByRole('radio', { name: 'Company directory' }));
    expect(form.getAttribute('action')).toBe('/login/ldap/');
    fireEvent.click(screen.getByRole('radio', { name: 'Lumen account' }));
    expect(form.getAttribute('action')).toBe('/login/');
  });

  it('opens with the directory selected after a failed directory login', () => {
    const { container } = render(<LoginPage providers={[ldap]} method="ldap" error />);
    expect(container.querySelector('form')!.getAttribute('action')).toBe('/login/ldap/');
    expect((screen.getByRole('radio', { name: 'Company directory' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe(INVALID_LOGIN_MESSAGE);
  });

  it('words the reason single sign-on failed, and only known reasons', () => {
    const { rerender } = render(<LoginPage providers={[oidc]} ssoError="denied" />);
    expect(screen.getByRole('alert').textContent).toBe(SSO_ERROR_MESSAGES.denied);
    rerender(<LoginPage providers={[oidc]} ssoError="account_exists" />);
    expect(screen.getByRole('alert').textContent).toBe('An account with this user name already exists in Lumen. Ask an administrator to link it.');
    rerender(<LoginPage providers={[oidc]} ssoError="Call 555-0100 to unlock" />);
    expect(screen.getByRole('alert').textContent).toBe('Single sign-on failed. Please try again.');
  });

  it('asks the server for its providers when none are given', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ result: [oidc, ldap, { provider: 'saml' }] }), { status: 200 }));
    expect(await fetchLoginProviders('', fetchImpl as unknown as typeof fetch)).toEqual([oidc, ldap]);
    expect(fetchImpl).toHaveBeenCalledWith('/api/v1/security/providers/', expect.objectContaining({ credentials: 'same-origin' }));
    const failing = vi.fn(async () => new Response('nope', { status: 500 }));
    expect(await fetchLoginProviders('', failing as unknown as typeof fetch)).toEqual([]);
  });
});
