import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's OpenLDAP server and client tools (`apt-get install -y slapd ldap-utils`; .ci/run installs them). */
export const SLAPD_PATH = process.env.LUMEN_TEST_SLAPD ?? '/usr/sbin/slapd';
const LDAPADD_PATH = '/usr/bin/ldapadd';
const LDAPMODIFY_PATH = '/usr/bin/ldapmodify';
const SCHEMA_DIR = '/etc/ldap/schema';
const MODULE_DIR = '/usr/lib/ldap';

export const LDAP_SUFFIX = 'dc=example,dc=org';
export const LDAP_PEOPLE = `ou=people,${LDAP_SUFFIX}`;
export const LDAP_GROUPS = `ou=groups,${LDAP_SUFFIX}`;

export interface LdapTestUser {
  uid: string;
  password: string;
  givenName: string;
  sn: string;
  mail: string;
}

export interface LdapTestGroup {
  cn: string;
  /** uids of the members. */
  members: string[];
}

export interface TestDirectory {
  url: string;
  /** The service account the tests configure Lumen with (the directory's root DN). */
  bindDn: string;
  bindPassword: string;
  /** Adds entries (LDIF) as the service account. */
  add(ldif: string): Promise<void>;
  /** Applies an LDIF change record (changetype: modify ...) as the service account. */
  modify(ldif: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Whether slapd can be started here. Outside CI a test may skip without it; in CI (CI=true) a missing
 * slapd is an error, so the LDAP tests can never pass by not running.
 */
export function slapdAvailable(): boolean {
  const present = existsSync(SLAPD_PATH) && existsSync(LDAPADD_PATH);
  if (!present && process.env.CI === 'true') {
    throw new Error(`slapd is not installed (${SLAPD_PATH}): apt-get install -y slapd ldap-utils (the "openldap" phase of .ci/run)`);
  }
  return present;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A private mdb database with the memberof overlay, so user entries carry `memberOf` like Active Directory's. */
function slapdConf(dir: string, rootPassword: string): string {
  return [
    ...['core', 'cosine', 'inetorgperson', 'nis'].map((s) => `include ${SCHEMA_DIR}/${s}.schema`),
    `modulepath ${MODULE_DIR}`,
    'moduleload back_mdb',
    'moduleload memberof',
    `pidfile ${join(dir, 'slapd.pid')}`,
    'database mdb',
    `suffix "${LDAP_SUFFIX}"`,
    `rootdn "cn=admin,${LDAP_SUFFIX}"`,
    `rootpw ${rootPassword}`,
    `directory ${join(dir, 'db')}`,
    'maxsize 16777216',
    'overlay memberof',
    'memberof-group-oc groupOfNames',
    'memberof-member-ad member',
    'memberof-memberof-ad memberOf',
    'access to attrs=userPassword by self write by anonymous auth by * none',
    'access to * by * read',
    '',
  ].join('\n');
}

const reachable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** LDIF of the base entries, the users and the groups (groupOfNames with `member` DNs). */
export function directoryLdif(users: LdapTestUser[], groups: LdapTestGroup[]): string {
  const entries = [
    `dn: ${LDAP_SUFFIX}\nobjectClass: dcObject\nobjectClass: organization\no: Example\ndc: example`,
    `dn: ${LDAP_PEOPLE}\nobjectClass: organizationalUnit\nou: people`,
    `dn: ${LDAP_GROUPS}\nobjectClass: organizationalUnit\nou: groups`,
    ...users.map(
      (u) =>
        `dn: uid=${u.uid},${LDAP_PEOPLE}\nobjectClass: inetOrgPerson\nuid: ${u.uid}\ncn: ${u.givenName} ${u.sn}\ngivenName: ${u.givenName}\nsn: ${u.sn}\nmail: ${u.mail}\nuserPassword: ${u.password}`,
    ),
    ...groups.map((g) => `dn: cn=${g.cn},${LDAP_GROUPS}\nobjectClass: groupOfNames\ncn: ${g.cn}\n${g.members.map((m) => `member: uid=${m},${LDAP_PEOPLE}`).join('\n')}`),
  ];
  return `${entries.join('\n\n')}\n`;
}

/**
 * Starts a private OpenLDAP server on a free port of 127.0.0.1 with its own config and database in a temp
 * directory (no system-wide configuration touched), loaded with the given users and groups.
 *
 * @example
 * const directory = await startTestDirectory([{ uid: 'alice', password: 'pw', givenName: 'Alice', sn: 'A', mail: 'a@x' }], []);
 * await directory.stop();
 */
export async function startTestDirectory(users: LdapTestUser[], groups: LdapTestGroup[]): Promise<TestDirectory> {
  const dir = mkdtempSync(join(tmpdir(), 'lumen-slapd-'));
  mkdirSync(join(dir, 'db'));
  const bindPassword = `root-${Math.random().toString(36).slice(2)}`;
  writeFileSync(join(dir, 'slapd.conf'), slapdConf(dir, bindPassword));
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  // -d keeps slapd in the foreground, so it is this process's child and ends with stop().
  const child: ChildProcess = spawn(SLAPD_PATH, ['-h', `${url}/`, '-f', join(dir, 'slapd.conf'), '-d', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const bindDn = `cn=admin,${LDAP_SUFFIX}`;
  const apply = async (tool: string, ldif: string) => {
    const file = join(dir, `change-${Date.now()}-${Math.random().toString(36).slice(2)}.ldif`);
    writeFileSync(file, ldif);
    await run(tool, ['-x', '-H', url, '-D', bindDn, '-w', bindPassword, '-f', file]);
  };
  const directory: TestDirectory = {
    url,
    bindDn,
    bindPassword,
    add: (ldif) => apply(LDAPADD_PATH, ldif),
    modify: (ldif) => apply(LDAPMODIFY_PATH, ldif),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + 20_000;
  while (!(await reachable(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await directory.stop();
      throw new Error(`slapd did not start on ${url}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await directory.add(directoryLdif(users, groups));
  return directory;
}
