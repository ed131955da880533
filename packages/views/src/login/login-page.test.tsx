import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { INVALID_LOGIN_MESSAGE, LoginPage } from './login-page';

afterEach(cleanup);

describe('LoginPage', () => {
  it('renders a form that posts username and password to /login/', () => {
    const { container } = render(<LoginPage />);
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
    render(<LoginPage error />);
    expect(screen.getByRole('alert').textContent).toBe(INVALID_LOGIN_MESSAGE);
    expect(INVALID_LOGIN_MESSAGE).toBe('Invalid login. Please try again.');
  });

  it('carries a same-site next path and drops a foreign one', () => {
    const { container, rerender } = render(<LoginPage next="/chart/list/?page=2" />);
    expect((container.querySelector('input[name="next"]') as HTMLInputElement).value).toBe('/chart/list/?page=2');
    rerender(<LoginPage next="https://evil.example/" />);
    expect(container.querySelector('input[name="next"]')).toBeNull();
  });
});
