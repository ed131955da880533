import { msg } from '@lumen-bi/core';

/**
 * What the login page says when single sign-on sent the visitor back (`?sso_error=<code>`, set by the
 * server's sso/sso-errors.ts). Only known codes are worded; the URL cannot put other text on the page.
 * English source texts, translated where they are shown (login-page.tsx).
 */
export const SSO_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  denied: msg('Sign-in was cancelled at the identity provider.'),
  expired: msg('The sign-in took too long or was started in another browser. Please try again.'),
  failed: msg('The identity provider’s answer could not be verified. Please try again.'),
  unavailable: msg('The identity provider cannot be reached right now. Please try again later or sign in with a password.'),
  inactive: msg('Your Lumen account is deactivated. Ask an administrator to reactivate it.'),
  unregistered: msg('You do not have a Lumen account yet. Ask an administrator to create one for you.'),
  conflict: msg('This username already belongs to another account. Ask an administrator to link your account.'),
  account_exists: msg('An account with this user name already exists in Lumen. Ask an administrator to link it.'),
};

/** The message of a code, or a generic one for an unknown code; null without a code. */
export function ssoErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  return Object.hasOwn(SSO_ERROR_MESSAGES, code) ? SSO_ERROR_MESSAGES[code] : msg('Single sign-on failed. Please try again.');
}
