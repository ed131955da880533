import * as client from 'openid-client';
import type { ExternalProfile } from './external-profile';
import { groupsFromClaim } from './role-mapping';
import type { OidcSettings } from './sso-config';

/** What the callback needs to finish a sign-in it started: kept in a signed cookie between the two requests. */
export interface PendingLogin {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Where to go afterwards (already checked by safeNextPath). */
  next: string;
}

/** The provider's metadata, read once per process; a failed discovery is retried at the next sign-in. */
const configurations = new Map<string, Promise<client.Configuration>>();

function providerConfiguration(settings: OidcSettings): Promise<client.Configuration> {
  const key = `${settings.issuer}|${settings.clientId}`;
  let pending = configurations.get(key);
  if (!pending) {
    // Plain http is for a provider on the same host or in tests; openid-client refuses it unless told.
    const execute = new URL(settings.issuer).protocol === 'http:' ? [client.allowInsecureRequests] : [];
    pending = client.discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret ?? undefined, undefined, { execute, timeout: 10 });
    pending.catch(() => configurations.delete(key));
    configurations.set(key, pending);
  }
  return pending;
}

/**
 * The provider's authorization URL for a new sign-in, with PKCE (S256), state and nonce, and the secrets
 * the callback must check, to be kept by the caller until then.
 */
export async function startOidcLogin(settings: OidcSettings, redirectUri: string, next: string): Promise<{ url: URL; pending: PendingLogin }> {
  const configuration = await providerConfiguration(settings);
  const pending: PendingLogin = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier(), next };
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: settings.scopes.join(' '),
    code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: 'S256',
    state: pending.state,
    nonce: pending.nonce,
  });
  return { url, pending };
}

const claimText = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

function profileOf(settings: OidcSettings, claims: Record<string, unknown>): ExternalProfile {
  const subject = String(claims.sub);
  const username = claimText(claims[settings.usernameClaim]) ?? subject;
  return {
    provider: 'oidc',
    subject,
    username,
    firstName: claimText(claims.given_name) ?? claimText(claims.name) ?? username,
    lastName: claimText(claims.family_name) ?? '',
    email: claimText(claims.email),
    groups: groupsFromClaim(claims[settings.roleClaim]),
  };
}

/**
 * Finishes a sign-in at the callback: exchanges the code (sending the PKCE verifier), checks state, nonce
 * and the ID token, and returns who signed in. Claims the ID token lacks (often the groups) are read from
 * the userinfo endpoint. Throws on any mismatch or provider error.
 *
 * @example
 * const profile = await finishOidcLogin(settings, 'https://bi.example.org/oauth-authorized/oidc/', '?code=...&state=...', pending);
 */
export async function finishOidcLogin(settings: OidcSettings, redirectUri: string, search: string, pending: PendingLogin): Promise<ExternalProfile> {
  const configuration = await providerConfiguration(settings);
  const currentUrl = new URL(redirectUri);
  currentUrl.search = search;
  const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
    pkceCodeVerifier: pending.codeVerifier,
    expectedState: pending.state,
    expectedNonce: pending.nonce,
    idTokenExpected: true,
  });
  let claims: Record<string, unknown> = { ...tokens.claims() };
  const needed = [settings.roleClaim, settings.usernameClaim, 'email'];
  if (needed.some((name) => claims[name] === undefined) && configuration.serverMetadata().userinfo_endpoint) {
    const userinfo = await client.fetchUserInfo(configuration, tokens.access_token, String(claims.sub));
    claims = { ...userinfo, ...claims };
  }
  return profileOf(settings, claims);
}
