/**
 * Why an SSO sign-in ended back on the login page: `/login/?sso_error=<code>`. Only the code travels in the
 * URL (the page words it, packages/views/src/login/sso-messages.ts), so a link cannot put text of its
 * choosing on the login page.
 */
export type SsoErrorCode = 'denied' | 'expired' | 'failed' | 'unavailable' | 'inactive' | 'unregistered' | 'conflict' | 'account_exists';

export const ssoErrorUrl = (code: SsoErrorCode, next = '/'): string =>
  `/login/?sso_error=${code}${next === '/' ? '' : `&next=${encodeURIComponent(next)}`}`;
