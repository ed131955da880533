import { randomBytes, randomUUID } from 'node:crypto';
import mysql from 'mysql2/promise';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections, closeConnection, getConnection } from '../engines';
import { nowIso } from '../metadata/connect';
import { encryptedDatabaseSecretsMigration } from '../metadata/migrations/0003-encrypted-database-secrets';
import { client } from '../resources/test-support';
import { importVia, zipOf } from '../import-export/test-support';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';
import { openDatabaseExtraSecrets, openDatabasePassword } from './database-secrets';
import { rotateSecretKey } from './rotate-secret-key';
import { SecretBox, sealedKeyId } from './secret-box';

/**
 * Database passwords and SSH tunnel secrets at rest: encrypted in the metadata store (SQLite and PostgreSQL),
 * decrypted only to connect, rotatable to a new secret key. The database is a MariaDB account with a real
 * password, so a connection only works when the stored password decrypts correctly.
 */
const MARIADB = { host: '127.0.0.1', port: 3306, user: 'root' };
const DB_USER = 'lumen_secrets';
const DB_PASSWORD = 'S3cret-pw_42';
const uri = (password: string) => `mysql://${DB_USER}:${password}@127.0.0.1:3306/test`;

beforeAll(async () => {
  const admin = await mysql.createConnection(MARIADB);
  await admin.query('CREATE DATABASE IF NOT EXISTS test');
  for (const host of ['127.0.0.1', 'localhost', '%']) {
    await admin.query(`CREATE USER IF NOT EXISTS '${DB_USER}'@'${host}' IDENTIFIED BY '${DB_PASSWORD}'`);
    await admin.query(`GRANT SELECT ON test.* TO '${DB_USER}'@'${host}'`);
  }
  await admin.end();
});

describe.each(METADATA_DIALECTS)('database secrets at rest on %s metadata', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;

  const storedRow = (id: number) => t.ctx.store.db.selectFrom('dbs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const schemas = async (id: number) => {
    await closeConnection(id);
    return api.get(`/api/v1/database/${id}/schemas/`);
  };
  const createDatabase = async () => {
    const res = await api.post('/api/v1/database/', { database_name: `secret_${randomBytes(3).toString('hex')}`, sqlalchemy_uri: uri(DB_PASSWORD) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    api = client(t);
  });
  afterAll(async () => {
    await closeAllConnections();
    await t?.close();
  });

  it('stores the password encrypted, never as plaintext, and still connects with it', async () => {
    const id = await createDatabase();
    const row = await storedRow(id);
    expect(row.password).toMatch(/^lumen:v1:[0-9a-f]{8}:/);
    expect(row.password).not.toContain(DB_PASSWORD);
    expect(row.sqlalchemy_uri).toBe(`mysql://${DB_USER}@127.0.0.1:3306/test`);
    expect(openDatabasePassword(t.config, row)).toBe(DB_PASSWORD);

    const listed = await schemas(id);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.result).toContain('test');
    // The connection form's test with the masked password uses the stored (decrypted) one.
    const tested = await api.post('/api/v1/database/test_connection/', { database_name: row.database_name, sqlalchemy_uri: uri('XXXXXXXXXX') });
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    // An edit that sends the masked password keeps the stored secret as it is.
    expect((await api.put(`/api/v1/database/${id}`, { sqlalchemy_uri: uri('XXXXXXXXXX'), expose_in_sqllab: false })).status).toBe(200);
    expect((await storedRow(id)).password).toBe(row.password);
    expect((await schemas(id)).status).toBe(200);
  });

  it('refuses a tampered password with a clear error and does not connect', async () => {
    const id = await createDatabase();
    const row = await storedRow(id);
    const [prefix, version, keyId, encoded] = row.password!.split(':') as [string, string, string, string];
    const payload = Buffer.from(encoded, 'base64url');
    payload[payload.length - 20] ^= 0x40;
    await t.ctx.store.db.updateTable('dbs').set({ password: `${prefix}:${version}:${keyId}:${payload.toString('base64url')}` }).where('id', '=', id).execute();
    const res = await schemas(id);
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(JSON.stringify(res.body)).toContain(`dbs.password of database \\"${row.database_name}\\" failed authentication`);
    // Copying another database's ciphertext into this row does not work either.
    const other = await storedRow(await createDatabase());
    await t.ctx.store.db.updateTable('dbs').set({ password: other.password }).where('id', '=', id).execute();
    expect(JSON.stringify((await schemas(id)).body)).toContain('failed authentication');
  });

  it('the migration encrypts plaintext passwords and SSH tunnel secrets written before encryption', async () => {
    const now = nowIso();
    const tunnel = { ssh_tunnel: { server_address: 'bastion', server_port: 22, username: 'jump', password: 'tunnel-pw' } };
    const legacy = await t.ctx.store.db
      .insertInto('dbs')
      .values({
        uuid: randomUUID(), database_name: `legacy_${dialect}`, sqlalchemy_uri: `mysql://${DB_USER}@127.0.0.1:3306/test`, password: DB_PASSWORD,
        backend: 'mysql', expose_in_sqllab: 1, allow_run_async: 0, allow_dml: 0, allow_ctas: 0, allow_cvas: 0, allow_file_upload: 0,
        allow_multi_catalog: 0, disable_data_preview: 0, cache_timeout: null, force_ctas_schema: null, impersonate_user: 0,
        configuration_method: 'sqlalchemy_form', extra: null, encrypted_extra: JSON.stringify(tunnel), server_cert: null,
        is_managed_externally: 0, external_url: null, created_on: now, changed_on: now, created_by_fk: null, changed_by_fk: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await encryptedDatabaseSecretsMigration(t.config).up(t.ctx.store.db);
    const row = await storedRow(legacy.id);
    expect(row.password).toMatch(/^lumen:v1:/);
    expect(row.encrypted_extra).toMatch(/^lumen:v1:/);
    expect(row.encrypted_extra).not.toContain('tunnel-pw');
    expect(JSON.parse(openDatabaseExtraSecrets(t.config, row)!)).toEqual(tunnel);
    expect((await schemas(legacy.id)).status).toBe(200);
    // Running it again changes nothing (values already sealed are left alone).
    await encryptedDatabaseSecretsMigration(t.config).up(t.ctx.store.db);
    expect((await storedRow(legacy.id)).password).toBe(row.password);
  });

  it('imports encrypt the password and SSH secrets; an overwriting import with masked secrets keeps them', async () => {
    const dbUuid = randomUUID();
    const yaml = (password: string, tunnelPassword: string) =>
      stringify({ database_name: `imported_${dialect}`, sqlalchemy_uri: uri(password), uuid: dbUuid, version: '1.0.0', extra: {}, ssh_tunnel: { server_address: 'bastion', server_port: 22, username: 'jump', password: tunnelPassword } });
    const bundle = (password: string, tunnelPassword: string) =>
      zipOf({ 'metadata.yaml': 'version: 1.0.0\ntype: Database\ntimestamp: 2024-01-01T00:00:00+00:00\n', 'databases/imported.yaml': yaml(password, tunnelPassword) });
    const first = await importVia(t, 'database', { file: bundle('XXXXXXXXXX', 'XXXXXXXXXX'), fields: { passwords: JSON.stringify({ 'databases/imported.yaml': DB_PASSWORD }), ssh_tunnel_passwords: JSON.stringify({ 'databases/imported.yaml': 'tunnel-pw' }) } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const row = await t.ctx.store.db.selectFrom('dbs').selectAll().where('uuid', '=', dbUuid).executeTakeFirstOrThrow();
    expect(`${row.password} ${row.encrypted_extra}`).not.toMatch(/S3cret|tunnel-pw/);
    expect(openDatabasePassword(t.config, row)).toBe(DB_PASSWORD);
    expect(JSON.parse(openDatabaseExtraSecrets(t.config, row)!).ssh_tunnel.password).toBe('tunnel-pw');
    expect((await schemas(row.id)).status).toBe(200);

    // Overwritten with the masked export of itself: the stored secrets are kept and still open.
    const again = await importVia(t, 'database', { file: bundle('XXXXXXXXXX', 'tunnel-pw-2'), fields: { overwrite: 'true' } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const after = await t.ctx.store.db.selectFrom('dbs').selectAll().where('uuid', '=', dbUuid).executeTakeFirstOrThrow();
    expect(openDatabasePassword(t.config, after)).toBe(DB_PASSWORD);
    expect(JSON.parse(openDatabaseExtraSecrets(t.config, after)!).ssh_tunnel.password).toBe('tunnel-pw-2');
    expect((await schemas(after.id)).status).toBe(200);
  });

  it('rotates every secret to a new key in one transaction; afterwards the old key is not needed', async () => {
    const oldKey = t.config.secretKey;
    const newKey = randomBytes(32).toString('hex');
    const before = await t.ctx.store.db.selectFrom('dbs').selectAll().orderBy('id').execute();
    const secrets = before.flatMap((r) => [r.password, r.encrypted_extra]).filter((v) => v !== null);
    expect(secrets.length).toBeGreaterThan(2);

    // Tampered values (the previous test's) are not rotatable: drop them first.
    const broken = before.filter((r) => {
      try {
        openDatabasePassword(t.config, r);
        return false;
      } catch {
        return true;
      }
    });
    if (broken.length) await t.ctx.store.db.deleteFrom('dbs').where('id', 'in', broken.map((r) => r.id)).execute();
    const kept = before.filter((r) => !broken.includes(r));

    // A value sealed with an unknown third key aborts the rotation, naming the database; nothing changes.
    const stranger = await storedRow(await createDatabase());
    const foreign = new SecretBox(randomBytes(16).toString('hex')).seal(DB_PASSWORD, `dbs.password|${stranger.uuid}`);
    await t.ctx.store.db.updateTable('dbs').set({ password: foreign }).where('id', '=', stranger.id).execute();
    await expect(rotateSecretKey(t.ctx.store, { secretKey: newKey, previousSecretKey: oldKey })).rejects.toThrow(
      `dbs.password of database "${stranger.database_name}" was encrypted with secret key ${sealedKeyId(foreign)}`,
    );
    const untouched = await t.ctx.store.db.selectFrom('dbs').select(['id', 'password']).where('id', '<>', stranger.id).orderBy('id').execute();
    expect(untouched.map((r) => r.password)).toEqual(kept.map((r) => r.password));
    await t.ctx.store.db.deleteFrom('dbs').where('id', '=', stranger.id).execute();

    const result = await rotateSecretKey(t.ctx.store, { secretKey: newKey, previousSecretKey: oldKey });
    const after = await t.ctx.store.db.selectFrom('dbs').selectAll().orderBy('id').execute();
    const newKeyId = new SecretBox(newKey).keyId;
    expect(result).toMatchObject({ keyId: newKeyId, unchanged: 0 });
    expect(result.rewritten).toBe(after.flatMap((r) => [r.password, r.encrypted_extra]).filter((v) => v !== null).length);
    for (const row of after) {
      for (const value of [row.password, row.encrypted_extra]) if (value !== null) expect(sealedKeyId(value)).toBe(newKeyId);
      // The new key alone opens everything; the old key alone opens nothing.
      if (row.password !== null) {
        expect(openDatabasePassword({ secretKey: newKey }, row)).toBe(DB_PASSWORD);
        expect(() => openDatabasePassword({ secretKey: oldKey }, row)).toThrow(/run `lumen rotate-secret-key`/);
      }
    }
    // A server started with only the new key connects.
    const row = after.find((r) => r.password !== null)!;
    await closeConnection(row.id);
    const connection = await getConnection({ ...t.ctx, config: { ...t.config, secretKey: newKey, previousSecretKey: null } }, row);
    expect((await connection.execute('SELECT 1 AS one')).rows).toEqual([[1]]);
    await closeConnection(row.id);
    // A second rotation from the same previous key finds nothing to do.
    expect(await rotateSecretKey(t.ctx.store, { secretKey: newKey, previousSecretKey: oldKey })).toMatchObject({ rewritten: 0 });
  });
});
