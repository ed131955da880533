import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { mapRoles } from './role-mapping';

const withFile = <T>(yaml: string, fn: (path: string) => T): T => {
  const dir = mkdtempSync(join(tmpdir(), 'lumen-sso-config-'));
  try {
    writeFileSync(join(dir, 'lumen.yaml'), yaml);
    return fn(join(dir, 'lumen.yaml'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

describe('single sign-on configuration', () => {
  it('configures no provider by default', () => {
    expect(loadConfig({}).auth).toEqual({ oidc: null, ldap: null });
  });

  it('reads both providers from the YAML file, with defaults for what is left out', () => {
    const yaml = `
auth:
  oidc:
    issuer: https://login.example.org/realms/acme
    clientId: lumen
    clientSecret: s3cret
    scopes: [openid, profile, email, groups]
    roleMapping:
      bi-admins: [Admin]
      analysts: Alpha
  ldap:
    url: ldaps://dir.example.org
    bindDn: cn=lumen,ou=services,dc=example,dc=org
    bindPassword: pw
    searchBase: ou=people,dc=example,dc=org
    autoRegister: false
`;
    const { auth } = withFile(yaml, (path) => loadConfig({ LUMEN_CONFIG: path }));
    expect(auth.oidc).toMatchObject({
      issuer: 'https://login.example.org/realms/acme',
      clientId: 'lumen',
      clientSecret: 's3cret',
      scopes: ['openid', 'profile', 'email', 'groups'],
      roleClaim: 'groups',
      usernameClaim: 'preferred_username',
      roleMapping: { 'bi-admins': ['Admin'], analysts: ['Alpha'] },
      autoRegister: true,
      linkExistingUsers: false,
      defaultRole: 'Gamma',
      label: 'Single sign-on',
      redirectUri: null,
    });
    expect(auth.ldap).toMatchObject({ url: 'ldaps://dir.example.org', searchFilter: '(uid={username})', groupAttribute: 'memberOf', groupSearchBase: null, autoRegister: false, linkExistingUsers: false });
  });

  it('lets environment variables override the file, with JSON role mappings', () => {
    const env = {
      LUMEN_OIDC_ISSUER: 'https://idp.example.org',
      LUMEN_OIDC_CLIENT_ID: 'bi',
      LUMEN_OIDC_SCOPES: 'openid roles',
      LUMEN_OIDC_ROLE_CLAIM: 'roles',
      LUMEN_OIDC_ROLE_MAPPING: '{"bi-admin": ["Admin"]}',
      LUMEN_OIDC_AUTO_REGISTER: 'false',
      LUMEN_OIDC_LABEL: 'Acme SSO',
    };
    expect(loadConfig(env).auth.oidc).toMatchObject({ scopes: ['openid', 'roles'], roleClaim: 'roles', roleMapping: { 'bi-admin': ['Admin'] }, autoRegister: false, label: 'Acme SSO' });
  });

  it('links existing accounts only when told to (linkExistingUsers / LUMEN_*_LINK_EXISTING_USERS)', () => {
    const ldap = { LUMEN_LDAP_URL: 'ldap://dir', LUMEN_LDAP_SEARCH_BASE: 'dc=x' };
    expect(loadConfig(ldap).auth.ldap?.linkExistingUsers).toBe(false);
    expect(loadConfig({ ...ldap, LUMEN_LDAP_LINK_EXISTING_USERS: 'true' }).auth.ldap?.linkExistingUsers).toBe(true);
    const yaml = 'auth:\n  oidc:\n    issuer: https://idp.example.org\n    clientId: bi\n    linkExistingUsers: true\n';
    expect(withFile(yaml, (path) => loadConfig({ LUMEN_CONFIG: path })).auth.oidc?.linkExistingUsers).toBe(true);
    expect(() => loadConfig({ ...ldap, LUMEN_LDAP_LINK_EXISTING_USERS: 'maybe' })).toThrow(/LUMEN_LDAP_LINK_EXISTING_USERS/);
  });

  it('names the setting that is wrong', () => {
    expect(() => loadConfig({ LUMEN_OIDC_ISSUER: 'https://idp.example.org' })).toThrow(ConfigError);
    expect(() => loadConfig({ LUMEN_OIDC_ISSUER: 'https://idp.example.org' })).toThrow(/LUMEN_OIDC_CLIENT_ID/);
    expect(() => loadConfig({ LUMEN_LDAP_URL: 'ldap://dir' })).toThrow(/LUMEN_LDAP_SEARCH_BASE/);
    expect(() => loadConfig({ LUMEN_LDAP_URL: 'ldap://dir', LUMEN_LDAP_SEARCH_BASE: 'dc=x', LUMEN_LDAP_SEARCH_FILTER: '(uid=*)' })).toThrow(/\{username\}/);
    expect(() => loadConfig({ LUMEN_OIDC_ISSUER: 'https://i', LUMEN_OIDC_CLIENT_ID: 'c', LUMEN_OIDC_ROLE_MAPPING: '[oops' })).toThrow(/LUMEN_OIDC_ROLE_MAPPING/);
  });
});

describe('mapRoles', () => {
  const mapping = { analysts: ['Alpha', 'sql_lab'], 'CN=Admins,OU=Groups,DC=x': ['Admin'], viewers: ['Gamma', 'Alpha'] };

  it('unions the roles of every held group, each once', () => {
    expect(mapRoles(['analysts', 'viewers', 'unmapped'], mapping)).toEqual(['Alpha', 'sql_lab', 'Gamma']);
    expect(mapRoles([], mapping)).toEqual([]);
  });

  it('compares exactly for OIDC claims and case-insensitively for directory names', () => {
    expect(mapRoles(['cn=admins,ou=groups,dc=x'], mapping)).toEqual([]);
    expect(mapRoles(['cn=admins,ou=groups,dc=x'], mapping, true)).toEqual(['Admin']);
  });
});
