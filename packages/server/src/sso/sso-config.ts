/**
 * Single sign-on settings (OpenID Connect and LDAP): the `auth:` section of the config file, each field
 * overridable by a `LUMEN_OIDC_*` / `LUMEN_LDAP_*` environment variable. A provider is configured when its
 * required fields are present (OIDC: issuer and client id; LDAP: url and search base).
 */

/** External group name -> Lumen role names, e.g. `{ "lumen-admins": ["Admin"], "analysts": ["Alpha", "sql_lab"] }`. */
export type RoleMapping = Record<string, string[]>;

/** What both providers share: who may get an account and which roles they get. */
export interface SsoAccountSettings {
  /** Button / toggle text on the login page. */
  label: string;
  /** Create a Lumen user at their first sign-in; false: only users an admin created beforehand get in. */
  autoRegister: boolean;
  /**
   * Let a first sign-in take over an existing Lumen account with a password (or one already linked to the
   * other provider) that has the same username. Default false: only a password-less account an admin
   * created for single sign-on is linked; anything else is refused (`account_exists`). Turning it on trusts
   * the provider with every local account, the admin's included: whoever the provider calls `admin` becomes
   * Lumen's admin.
   */
  linkExistingUsers: boolean;
  /** Role given to a user created at first sign-in (besides mapped roles); null: none. */
  defaultRole: string | null;
  roleMapping: RoleMapping;
}

export interface OidcSettings extends SsoAccountSettings {
  /** The provider's issuer URL; its `/.well-known/openid-configuration` is read at the first sign-in. */
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  scopes: string[];
  /** Claim (ID token, else userinfo) holding the groups or roles the mapping reads, e.g. `groups`. */
  roleClaim: string;
  /** Claim holding the Lumen username; `sub` when absent from the claims. */
  usernameClaim: string;
  /** Callback URL registered at the provider; default: `{publicUrl or request origin}/oauth-authorized/oidc/`. */
  redirectUri: string | null;
}

export interface LdapSettings extends SsoAccountSettings {
  /** `ldap://host:389` or `ldaps://host:636`. */
  url: string;
  /** Service account used to search for the user; null: anonymous search. */
  bindDn: string | null;
  bindPassword: string | null;
  searchBase: string;
  /** `{username}` is replaced by the escaped login name. */
  searchFilter: string;
  /** Attribute whose value becomes the Lumen username (the directory's spelling, not what was typed). */
  usernameAttribute: string;
  /** Attribute on the user entry listing group DNs (memberOf); used when no group search base is set. */
  groupAttribute: string;
  /** When set, groups are searched here with groupSearchFilter instead of read from groupAttribute. */
  groupSearchBase: string | null;
  /** `{dn}` and `{username}` are replaced by escaped values. */
  groupSearchFilter: string;
  /** Attribute naming a found group (matched against the mapping together with the group DN). */
  groupNameAttribute: string;
  /** Issue StartTLS on an ldap:// connection before binding. */
  startTls: boolean;
  timeoutMs: number;
}

export interface AuthSettings {
  oidc: OidcSettings | null;
  ldap: LdapSettings | null;
}

export class SsoConfigError extends Error {
  override name = 'ConfigError';
}

type Section = Record<string, unknown>;

/** One setting: the environment variable wins over the file's `auth.<provider>.<key>`. */
function reader(env: NodeJS.ProcessEnv, section: Section, prefix: string) {
  return (key: string, envSuffix: string): unknown => {
    const fromEnv = env[`${prefix}_${envSuffix}`];
    if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
    const fromFile = section[key];
    return fromFile === null ? undefined : fromFile;
  };
}

const text = (raw: unknown): string | null => (raw === undefined ? null : String(raw));

function bool(name: string, raw: unknown, fallback: boolean): boolean {
  if (raw === undefined) return fallback;
  if (typeof raw === 'boolean') return raw;
  if (/^(1|true|yes|on)$/i.test(String(raw))) return true;
  if (/^(0|false|no|off)$/i.test(String(raw))) return false;
  throw new SsoConfigError(`${name} must be a boolean (true/false), got ${JSON.stringify(raw)}`);
}

function list(raw: unknown, fallback: string[]): string[] {
  if (raw === undefined) return fallback;
  const items = Array.isArray(raw) ? raw.map(String) : String(raw).split(/[\s,]+/);
  return items.map((s) => s.trim()).filter(Boolean);
}

/** A mapping from YAML (an object) or an environment variable (JSON); a single role may be a plain string. */
export function parseRoleMapping(name: string, raw: unknown): RoleMapping {
  if (raw === undefined || raw === '') return {};
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new SsoConfigError(`${name} must be a JSON object like {"group": ["Role"]}`);
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new SsoConfigError(`${name} must map group names to role names`);
  const mapping: RoleMapping = {};
  for (const [group, roles] of Object.entries(value as Record<string, unknown>)) {
    const names = Array.isArray(roles) ? roles : [roles];
    if (!names.every((r) => typeof r === 'string' && r)) throw new SsoConfigError(`${name}: the roles of ${JSON.stringify(group)} must be role names`);
    mapping[group] = names as string[];
  }
  return mapping;
}

function accountSettings(read: ReturnType<typeof reader>, prefix: string, label: string): SsoAccountSettings {
  return {
    label: text(read('label', 'LABEL')) ?? label,
    autoRegister: bool(`${prefix}_AUTO_REGISTER`, read('autoRegister', 'AUTO_REGISTER'), true),
    linkExistingUsers: bool(`${prefix}_LINK_EXISTING_USERS`, read('linkExistingUsers', 'LINK_EXISTING_USERS'), false),
    defaultRole: text(read('defaultRole', 'DEFAULT_ROLE')) ?? 'Gamma',
    roleMapping: parseRoleMapping(`${prefix}_ROLE_MAPPING`, read('roleMapping', 'ROLE_MAPPING')),
  };
}

function oidcSettings(env: NodeJS.ProcessEnv, section: Section): OidcSettings | null {
  const read = reader(env, section, 'LUMEN_OIDC');
  const issuer = text(read('issuer', 'ISSUER'));
  const clientId = text(read('clientId', 'CLIENT_ID'));
  if (!issuer && !clientId) return null;
  if (!issuer || !clientId) throw new SsoConfigError('OpenID Connect needs both an issuer (LUMEN_OIDC_ISSUER) and a client id (LUMEN_OIDC_CLIENT_ID)');
  try {
    new URL(issuer);
  } catch {
    throw new SsoConfigError(`LUMEN_OIDC_ISSUER is not a URL: ${JSON.stringify(issuer)}`);
  }
  return {
    ...accountSettings(read, 'LUMEN_OIDC', 'Single sign-on'),
    issuer,
    clientId,
    clientSecret: text(read('clientSecret', 'CLIENT_SECRET')),
    scopes: list(read('scopes', 'SCOPES'), ['openid', 'profile', 'email']),
    roleClaim: text(read('roleClaim', 'ROLE_CLAIM')) ?? 'groups',
    usernameClaim: text(read('usernameClaim', 'USERNAME_CLAIM')) ?? 'preferred_username',
    redirectUri: text(read('redirectUri', 'REDIRECT_URI')),
  };
}

function ldapSettings(env: NodeJS.ProcessEnv, section: Section): LdapSettings | null {
  const read = reader(env, section, 'LUMEN_LDAP');
  const url = text(read('url', 'URL'));
  if (!url) return null;
  const searchBase = text(read('searchBase', 'SEARCH_BASE'));
  if (!searchBase) throw new SsoConfigError('LDAP needs a search base (LUMEN_LDAP_SEARCH_BASE) to find users in');
  const searchFilter = text(read('searchFilter', 'SEARCH_FILTER')) ?? '(uid={username})';
  if (!searchFilter.includes('{username}')) throw new SsoConfigError('LUMEN_LDAP_SEARCH_FILTER must contain {username}');
  const timeout = Number(read('timeoutMs', 'TIMEOUT_MS') ?? 10_000);
  if (!Number.isInteger(timeout) || timeout < 100) throw new SsoConfigError('LUMEN_LDAP_TIMEOUT_MS must be an integer >= 100');
  return {
    ...accountSettings(read, 'LUMEN_LDAP', 'Directory (LDAP)'),
    url,
    bindDn: text(read('bindDn', 'BIND_DN')),
    bindPassword: text(read('bindPassword', 'BIND_PASSWORD')),
    searchBase,
    searchFilter,
    usernameAttribute: text(read('usernameAttribute', 'USERNAME_ATTRIBUTE')) ?? 'uid',
    groupAttribute: text(read('groupAttribute', 'GROUP_ATTRIBUTE')) ?? 'memberOf',
    groupSearchBase: text(read('groupSearchBase', 'GROUP_SEARCH_BASE')),
    groupSearchFilter: text(read('groupSearchFilter', 'GROUP_SEARCH_FILTER')) ?? '(member={dn})',
    groupNameAttribute: text(read('groupNameAttribute', 'GROUP_NAME_ATTRIBUTE')) ?? 'cn',
    startTls: bool('LUMEN_LDAP_START_TLS', read('startTls', 'START_TLS'), false),
    timeoutMs: timeout,
  };
}

const sectionOf = (raw: unknown): Section => (raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Section) : {});

/**
 * Reads the SSO settings from the config file's `auth` object and the environment.
 *
 * @example
 * parseAuthSettings({ LUMEN_LDAP_URL: 'ldap://dir:389', LUMEN_LDAP_SEARCH_BASE: 'ou=people,dc=example,dc=org' }, undefined);
 */
export function parseAuthSettings(env: NodeJS.ProcessEnv, fileAuth: unknown): AuthSettings {
  const auth = sectionOf(fileAuth);
  return { oidc: oidcSettings(env, sectionOf(auth.oidc)), ldap: ldapSettings(env, sectionOf(auth.ldap)) };
}
