import { msg } from '@lumen-bi/core';
import { useId, useState } from 'react';
import { useTranslation } from '../i18n/locale-provider';
import { type LoginProvider, useLoginProviders } from './login-providers';
import { LOGIN_CSS } from './login-styles';
import { safeNextPath } from './safe-next-path';
import { ssoErrorMessage } from './sso-messages';

/** The server's message for a failed login (it redirects back with `?error=1`). */
export const INVALID_LOGIN_MESSAGE = msg('Invalid login. Please try again.');

export interface LoginPageProps {
  /** Where to go after signing in; ignored unless it is a path on this site. */
  next?: string | null;
  /** True when the server sent the visitor back after a failed attempt (`?error=1`). */
  error?: boolean;
  /** Why single sign-on sent the visitor back (`?sso_error=<code>`). */
  ssoError?: string | null;
  /** `ldap` to open with the directory selected (`?provider=ldap` after a failed directory login). */
  method?: string | null;
  /** The configured providers; fetched from the server when not given. */
  providers?: LoginProvider[];
  /** The form's target for Lumen's own accounts; the server's login endpoint. */
  action?: string;
}

/** "Sign in with <label>" links, which start the provider's redirect flow on the server. */
function SsoLinks({ providers, next }: { providers: LoginProvider[]; next: string }) {
  const { t } = useTranslation();
  if (!providers.length) return null;
  const query = next === '/' ? '' : `?next=${encodeURIComponent(next)}`;
  return (
    <>
      {providers.map((p) => (
        <a key={p.url} className="bi-login__sso" href={`${p.url}${query}`}>
          {t('Sign in with {provider}', { provider: p.label })}
        </a>
      ))}
      <div className="bi-login__divider" role="separator">
        <span>{t('or')}</span>
      </div>
    </>
  );
}

/** Lumen account or directory (LDAP): which endpoint the password form posts to. */
function MethodSwitch({ directory, label, onChange }: { directory: boolean; label: string; onChange: (directory: boolean) => void }) {
  const { t } = useTranslation();
  const name = useId();
  const option = (value: boolean, text: string) => (
    <label className="bi-login__method">
      <input type="radio" name={name} checked={directory === value} onChange={() => onChange(value)} />
      <span title={text}>{text}</span>
    </label>
  );
  return (
    <div className="bi-login__methods" role="radiogroup" aria-label={t('Account')}>
      {option(false, t('Lumen account'))}
      {option(true, label)}
    </div>
  );
}

/**
 * The sign-in page: the username/password form (a plain HTML POST, so it works before any script state
 * exists and the server sets the httpOnly session cookie and redirects in one response), plus the single
 * sign-on providers the server lists: a link per OpenID Connect provider and, with LDAP, a switch that
 * sends the same form to the directory.
 *
 * @example
 * const query = new URLSearchParams(location.search);
 * <LoginPage next={query.get('next')} error={query.get('error') === '1'} ssoError={query.get('sso_error')} method={query.get('provider')} />
 */
export function LoginPage({ next, error = false, ssoError = null, method = null, providers, action = '/login/' }: LoginPageProps) {
  const { t } = useTranslation();
  const safeNext = safeNextPath(next);
  const loaded = useLoginProviders(providers) ?? [];
  const ldap = loaded.find((p) => p.provider === 'ldap');
  const [directory, setDirectory] = useState(method === 'ldap');
  const message = error ? INVALID_LOGIN_MESSAGE : ssoErrorMessage(ssoError);
  return (
    <div className="bi-login">
      <style>{LOGIN_CSS}</style>
      <div className="bi-login__card">
        <h1 className="bi-login__title" id="bi-login-title">
          {t('Sign in')}
        </h1>
        {message && (
          <p className="bi-login__error" role="alert">
            {t(message)}
          </p>
        )}
        <SsoLinks providers={loaded.filter((p) => p.provider === 'oidc')} next={safeNext || '/'} />
        {ldap && <MethodSwitch directory={directory} label={ldap.label} onChange={setDirectory} />}
        <form method="post" action={directory && ldap ? ldap.url : action} aria-labelledby="bi-login-title">
          <div className="bi-login__field">
            <label htmlFor="bi-login-username">{t('Username')}</label>
            <input id="bi-login-username" name="username" type="text" autoComplete="username" autoFocus required />
          </div>
          <div className="bi-login__field">
            <label htmlFor="bi-login-password">{t('Password')}</label>
            <input id="bi-login-password" name="password" type="password" autoComplete="current-password" required />
          </div>
          {safeNext && <input type="hidden" name="next" value={safeNext} />}
          <button className="bi-login__submit" type="submit">
            {t('Sign in')}
          </button>
        </form>
      </div>
    </div>
  );
}
