import { randomBytes } from 'node:crypto';
import { Client, type Entry, Filter, InvalidCredentialsError, ResultCodeError } from 'ldapts';
import type { ExternalProfile } from './external-profile';
import type { LdapSettings } from './sso-config';

/** A directory operation failed for a reason other than the user's credentials (unreachable, bad service bind). */
export class LdapUnavailableError extends Error {
  override name = 'LdapUnavailableError';
}

const first = (value: Entry[string] | undefined): string | null => {
  const item = Array.isArray(value) ? value[0] : value;
  return item === undefined ? null : item.toString();
};
const all = (value: Entry[string] | undefined): string[] =>
  value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((v) => v.toString());

/** `{name}` placeholders replaced by values escaped for a filter (RFC 4515), so input cannot change its structure. */
const fillFilter = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? Filter.escape(values[name]) : whole));

/** The first RDN's value of a DN (`cn=analysts,ou=groups,...` -> `analysts`), so a mapping may name a group by cn. */
const rdnValue = (dn: string): string | null => /^[^=,]+=((?:\\.|[^,\\])+)/.exec(dn)?.[1]?.replace(/\\(.)/g, '$1') ?? null;

/** Group names to match against the mapping: each group's DN and its short name. */
function groupNames(dns: string[], names: string[] = []): string[] {
  return [...new Set([...dns, ...dns.map(rdnValue).filter((n): n is string => n !== null), ...names])];
}

async function searchUser(client: Client, settings: LdapSettings, username: string): Promise<Entry | null> {
  const { searchEntries } = await client.search(settings.searchBase, {
    scope: 'sub',
    filter: fillFilter(settings.searchFilter, { username }),
    sizeLimit: 2,
    attributes: [settings.usernameAttribute, settings.groupAttribute, 'cn', 'givenName', 'sn', 'mail'],
  });
  // Two entries for one login name is a directory mistake; signing in as either would be a guess.
  return searchEntries.length === 1 ? searchEntries[0] : null;
}

async function searchGroups(client: Client, settings: LdapSettings, entry: Entry, username: string): Promise<string[]> {
  if (!settings.groupSearchBase) return groupNames(all(entry[settings.groupAttribute]));
  const { searchEntries } = await client.search(settings.groupSearchBase, {
    scope: 'sub',
    filter: fillFilter(settings.groupSearchFilter, { dn: entry.dn, username }),
    attributes: [settings.groupNameAttribute],
  });
  return groupNames(
    searchEntries.map((g) => g.dn),
    searchEntries.flatMap((g) => all(g[settings.groupNameAttribute])),
  );
}

function profileOf(settings: LdapSettings, entry: Entry, typed: string, groups: string[]): ExternalProfile {
  const username = first(entry[settings.usernameAttribute]) ?? typed;
  return {
    provider: 'ldap',
    subject: username.toLowerCase(),
    username,
    firstName: first(entry.givenName) ?? first(entry.cn) ?? username,
    lastName: first(entry.sn) ?? '',
    email: first(entry.mail),
    groups,
  };
}

async function connect(settings: LdapSettings): Promise<Client> {
  const client = new Client({ url: settings.url, timeout: settings.timeoutMs, connectTimeout: settings.timeoutMs });
  if (settings.startTls) await client.startTLS();
  return client;
}

/** The service bind (or none: an anonymous search), with the directory's failures reported as unavailability. */
async function serviceBind(client: Client, settings: LdapSettings): Promise<void> {
  if (!settings.bindDn) return;
  try {
    await client.bind(settings.bindDn, settings.bindPassword ?? '');
  } catch (error) {
    throw new LdapUnavailableError(`LDAP service bind as ${settings.bindDn} failed: ${(error as Error).message}`);
  }
}

/** Binds as the user; false when the directory says the password is wrong. */
async function userBind(client: Client, dn: string, password: string): Promise<boolean> {
  try {
    await client.bind(dn, password);
    return true;
  } catch (error) {
    if (error instanceof InvalidCredentialsError) return false;
    throw error;
  }
}

/**
 * A DN no entry has: the username attribute set to a random value under the search base, e.g.
 * `uid=lumen-absent-3f9c...,ou=people,dc=example,dc=org`.
 */
export const absentDn = (settings: LdapSettings): string =>
  `${settings.usernameAttribute}=lumen-absent-${randomBytes(12).toString('hex')},${settings.searchBase}`;

/**
 * The bind an unknown user would have cost: the same request to the same directory, as a DN that does not
 * exist with a random password, so an unknown username is not answered a round trip sooner than a wrong
 * password (user enumeration by timing). The password form does the same with a dummy hash
 * (security/dummy-password.ts). The directory's refusal (invalid credentials, usually) is the expected
 * answer; a directory that stopped answering is still reported as unavailable.
 */
async function dummyBind(client: Client, settings: LdapSettings): Promise<void> {
  try {
    await client.bind(absentDn(settings), randomBytes(18).toString('base64url'));
  } catch (error) {
    if (!(error instanceof ResultCodeError)) throw error;
  }
}

/**
 * Checks a login against the directory: a service bind searches for the user by name, then a bind as the
 * found DN with the given password proves it; groups are read with the service account's rights afterwards.
 * Returns null for an unknown user or a wrong password (the caller answers both alike, and an unknown
 * user costs a bind too, against a DN that does not exist, so both take as long); throws
 * LdapUnavailableError when the directory cannot be asked.
 *
 * @example
 * const profile = await ldapAuthenticate(config.auth.ldap, 'alice', 'secret');
 */
export async function ldapAuthenticate(settings: LdapSettings, username: string, password: string): Promise<ExternalProfile | null> {
  // An empty password would be an "unauthenticated bind", which directories accept without checking anything.
  if (!username || !password) return null;
  let client: Client | null = null;
  try {
    client = await connect(settings);
    await serviceBind(client, settings);
    const entry = await searchUser(client, settings, username);
    if (!entry) {
      await dummyBind(client, settings);
      return null;
    }
    if (!(await userBind(client, entry.dn, password))) return null;
    // Back to the service account: a user may not be allowed to read group entries.
    await serviceBind(client, settings);
    return profileOf(settings, entry, username, await searchGroups(client, settings, entry, username));
  } catch (error) {
    if (error instanceof LdapUnavailableError) throw error;
    throw new LdapUnavailableError(`LDAP sign-in failed: ${(error as Error).message}`);
  } finally {
    await client?.unbind().catch(() => undefined);
  }
}
