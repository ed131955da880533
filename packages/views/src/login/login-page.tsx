import { LOGIN_CSS } from './login-styles';
import { safeNextPath } from './safe-next-path';

/** The server's message for a failed login (it redirects back with `?error=1`). */
export const INVALID_LOGIN_MESSAGE = 'Invalid login. Please try again.';

export interface LoginPageProps {
  /** Where to go after signing in; ignored unless it is a path on this site. */
  next?: string | null;
  /** True when the server sent the visitor back after a failed attempt (`?error=1`). */
  error?: boolean;
  /** The form's target; the server's login endpoint. */
  action?: string;
}

/**
 * The sign-in form. It is a plain HTML form POST, so it works before any script state exists and the
 * server sets the httpOnly session cookie and redirects in one response.
 *
 * @example
 * const query = new URLSearchParams(location.search);
 * <LoginPage next={query.get('next')} error={query.get('error') === '1'} />
 */
export function LoginPage({ next, error = false, action = '/login/' }: LoginPageProps) {
  const safeNext = safeNextPath(next);
  return (
    <div className="bi-login">
      <style>{LOGIN_CSS}</style>
      <form className="bi-login__card" method="post" action={action} aria-labelledby="bi-login-title">
        <h1 className="bi-login__title" id="bi-login-title">
          Sign in
        </h1>
        {error && (
          <p className="bi-login__error" role="alert">
            {INVALID_LOGIN_MESSAGE}
          </p>
        )}
        <div className="bi-login__field">
          <label htmlFor="bi-login-username">Username</label>
          <input id="bi-login-username" name="username" type="text" autoComplete="username" autoFocus required />
        </div>
        <div className="bi-login__field">
          <label htmlFor="bi-login-password">Password</label>
          <input id="bi-login-password" name="password" type="password" autoComplete="current-password" required />
        </div>
        {safeNext && <input type="hidden" name="next" value={safeNext} />}
        <button className="bi-login__submit" type="submit">
          Sign in
        </button>
      </form>
    </div>
  );
}
