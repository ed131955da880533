import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso, openMetadataStore } from '../metadata/connect';
import { migrateToLatest } from '../metadata/migrate';
import { openDatabasePassword, sealDatabaseSecrets } from './database-secrets';
import { rotateSecretKeyCommand } from './rotate-secret-key';
import { SecretBox, sealedKeyId } from './secret-box';

/** `lumen rotate-secret-key` on a SQLite metadata file, as an operator runs it after changing the key. */
describe('lumen rotate-secret-key', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lumen-rotate-'));
  const metadataUrl = `sqlite:///${join(dir, 'lumen.db')}`;
  const oldKey = randomBytes(24).toString('hex');
  const newKey = randomBytes(24).toString('hex');
  const uuid = randomUUID();
  const env = (extra: Record<string, string> = {}) => ({ LUMEN_DATA_DIR: dir, LUMEN_METADATA_URL: metadataUrl, LUMEN_LOG_LEVEL: 'silent', ...extra });
  const run = async (args: string[], extra: Record<string, string>) => {
    const out = { stdout: '', stderr: '' };
    const code = await rotateSecretKeyCommand(args, env(extra), { stdout: (t) => void (out.stdout += t), stderr: (t) => void (out.stderr += t) });
    return { code, ...out };
  };
  const storedPassword = async () => {
    const store = openMetadataStore(metadataUrl);
    try {
      return await store.db.selectFrom('dbs').select(['uuid', 'database_name', 'password']).where('uuid', '=', uuid).executeTakeFirstOrThrow();
    } finally {
      await store.close();
    }
  };

  beforeAll(async () => {
    const store = openMetadataStore(metadataUrl);
    await migrateToLatest(store, { secretKey: oldKey });
    const now = nowIso();
    const values = {
      uuid, database_name: 'warehouse', sqlalchemy_uri: 'postgresql://bob@db.example/dw', password: 'pw-before-rotation', backend: 'postgresql',
      configuration_method: 'sqlalchemy_form', created_on: now, changed_on: now, created_by_fk: null, changed_by_fk: null,
    };
    await store.db.insertInto('dbs').values(sealDatabaseSecrets({ secretKey: oldKey }, uuid, values) as never).execute();
    await store.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('needs the previous key, and refuses a wrong one without changing anything', async () => {
    const missing = await run([], { LUMEN_SECRET_KEY: newKey });
    expect(missing).toMatchObject({ code: 2, stderr: 'rotate-secret-key needs the previous secret key: --previous-key-file <path> or LUMEN_PREVIOUS_SECRET_KEY\n' });
    expect((await run(['--previous-key-file', join(dir, 'nope')], { LUMEN_SECRET_KEY: newKey })).stderr).toMatch(/--previous-key-file .*nope cannot be read/);

    const before = await storedPassword();
    const wrong = await run([], { LUMEN_SECRET_KEY: newKey, LUMEN_PREVIOUS_SECRET_KEY: randomBytes(24).toString('hex') });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/^Secret key rotation failed, nothing was changed: dbs\.password of database "warehouse" was encrypted with secret key [0-9a-f]{8}/);
    expect((await storedPassword()).password).toBe(before.password);
  });

  it('re-encrypts with the new key from --previous-key-file; afterwards only the new key is needed', async () => {
    const keyFile = join(dir, 'old_secret_key');
    writeFileSync(keyFile, `${oldKey}\n`, { mode: 0o600 });
    const done = await run(['--previous-key-file', keyFile], { LUMEN_SECRET_KEY: newKey });
    const newKeyId = new SecretBox(newKey).keyId;
    expect(done).toEqual({ code: 0, stdout: `Secrets re-encrypted with secret key ${newKeyId}: 1 rewritten, 0 already current. The previous key is no longer needed.\n`, stderr: '' });
    const row = await storedPassword();
    expect(sealedKeyId(row.password!)).toBe(newKeyId);
    expect(openDatabasePassword({ secretKey: newKey }, row)).toBe('pw-before-rotation');
    expect(() => openDatabasePassword({ secretKey: oldKey }, row)).toThrow(/was encrypted with secret key/);
    // Run again (e.g. by a second operator) with LUMEN_PREVIOUS_SECRET_KEY: nothing left to do.
    expect((await run([], { LUMEN_SECRET_KEY: newKey, LUMEN_PREVIOUS_SECRET_KEY: oldKey })).stdout).toMatch(/: 0 rewritten, 1 already current\./);
  });
});
