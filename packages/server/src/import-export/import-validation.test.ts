import { strToU8, zipSync } from 'fflate';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../resources/test-support';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';
import { listBundle } from './bundle-archive';
import { exportedDocs, exportVia, importVia, storeCounts, zipOf } from './test-support';
import { openDatabaseExtraSecrets, openDatabasePassword } from '../security/database-secrets';

const META = 'version: 1.0.0\ntype: Database\ntimestamp: 2024-01-01T00:00:00+00:00\n';
const DB_UUID = '11111111-2222-4333-8444-555555555555';
const pgDatabase = (extra: Record<string, unknown> = {}) =>
  stringify({ database_name: 'warehouse', sqlalchemy_uri: 'postgresql://bob:XXXXXXXXXX@db.example:5432/dw', expose_in_sqllab: true, extra: {}, uuid: DB_UUID, version: '1.0.0', ...extra });

const chartYaml = (datasetUuid: string) =>
  stringify({ slice_name: 'Orphan', viz_type: 'table', params: {}, uuid: '99999999-2222-4333-8444-555555555555', version: '1.0.0', dataset_uuid: datasetUuid });

describe.each(METADATA_DIALECTS)('import validation (%s)', (dialect) => {
  let t: TestApp;
  let before: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    const api = client(t);
    const database = await api.post('/api/v1/database/', { database_name: 'local', sqlalchemy_uri: 'sqlite:///:memory:' });
    const dataset = await api.post('/api/v1/dataset/', { database: database.body.id, table_name: 'v', sql: 'SELECT 1 AS a' });
    await api.post('/api/v1/chart/', { slice_name: 'c', viz_type: 'table', datasource_id: dataset.body.id, datasource_type: 'table' });
    before = await storeCounts(t);
  });
  afterAll(async () => t?.close());

  /** Every refusal below must leave the store as it was. */
  const refused = async (resource: string, file: Uint8Array, status: number, message: RegExp | string, filename = 'bundle.zip') => {
    const res = await importVia(t, resource, { file, filename });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.message).toMatch(message);
    expect(await storeCounts(t)).toEqual(before);
    return res.body;
  };

  it('asks for the database password with the incumbent error shape, then imports with it', async () => {
    const zip = zipOf({ 'metadata.yaml': META, 'databases/warehouse.yaml': pgDatabase() });
    const body = await refused('database', zip, 422, /Must provide a password for the database/);
    expect(body.errors).toEqual([
      {
        message: body.message,
        error_type: 'GENERIC_COMMAND_ERROR',
        level: 'warning',
        extra: {
          'databases/warehouse.yaml': { _schema: ['Must provide a password for the database'] },
          issue_codes: [{ code: 1010, message: expect.stringContaining('Issue 1010') }],
        },
      },
    ]);
    const ok = await importVia(t, 'database', { file: zip, fields: { passwords: JSON.stringify({ 'databases/warehouse.yaml': 's3cret' }) } });
    expect(ok).toEqual({ status: 200, body: { message: 'OK' } });
    const row = await t.ctx.store.db.selectFrom('dbs').selectAll().where('uuid', '=', DB_UUID).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ sqlalchemy_uri: 'postgresql://bob@db.example:5432/dw', backend: 'postgresql' });
    // Stored encrypted (security/database-secrets.ts).
    expect(row.password).toMatch(/^lumen:v1:/);
    expect(openDatabasePassword(t.config, row)).toBe('s3cret');
    // Exported again, the password is masked.
    const exported = await exportVia(t, 'database', [row.id]);
    const texts = Object.values(listBundle(exported.zip)).join('\n');
    expect(exportedDocs(exported.zip).docs['databases/warehouse.yaml'].sqlalchemy_uri).toBe('postgresql://bob:XXXXXXXXXX@db.example:5432/dw');
    expect(texts).not.toContain('s3cret');
    await t.ctx.store.db.deleteFrom('dbs').where('id', '=', row.id).execute();
  });

  it('asks for SSH tunnel secrets with the spec messages', async () => {
    const withPassword = zipOf({ 'metadata.yaml': META, 'databases/warehouse.yaml': pgDatabase({ ssh_tunnel: { server_address: 'bastion', server_port: 22, username: 'u', password: 'XXXXXXXXXX' } }) });
    const first = await refused('database', withPassword, 422, /ssh tunnel/);
    expect(first.errors[0].extra['databases/warehouse.yaml']._schema).toEqual(['Must provide a password for the database', 'Must provide a password for the ssh tunnel']);
    const withKey = zipOf({ 'metadata.yaml': META, 'databases/warehouse.yaml': pgDatabase({ ssh_tunnel: { server_address: 'bastion', server_port: 22, username: 'u', private_key: 'XXXXXXXXXX', private_key_password: 'XXXXXXXXXX' } }) });
    const second = await refused('database', withKey, 422, /private key/);
    expect(second.errors[0].extra['databases/warehouse.yaml']._schema).toEqual([
      'Must provide a password for the database',
      'Must provide a private key for the ssh tunnel',
      'Must provide a private key password for the ssh tunnel',
    ]);
    const ok = await importVia(t, 'database', {
      file: withKey,
      fields: {
        passwords: JSON.stringify({ 'databases/warehouse.yaml': 'pw' }),
        ssh_tunnel_private_keys: JSON.stringify({ 'databases/warehouse.yaml': 'KEY' }),
        ssh_tunnel_private_key_passwords: JSON.stringify({ 'databases/warehouse.yaml': 'KEYPW' }),
      },
    });
    expect(ok.status).toBe(200);
    const row = await t.ctx.store.db.selectFrom('dbs').selectAll().where('uuid', '=', DB_UUID).executeTakeFirstOrThrow();
    expect(row.encrypted_extra).not.toContain('KEYPW');
    expect(JSON.parse(openDatabaseExtraSecrets(t.config, row)!).ssh_tunnel).toMatchObject({ private_key: 'KEY', private_key_password: 'KEYPW' });
    await t.ctx.store.db.deleteFrom('dbs').where('id', '=', row.id).execute();
  });

  it('refuses malformed bundles with 400 naming the problem, writing nothing', async () => {
    await refused('dashboard', strToU8('definitely not a zip'), 400, /Not a ZIP file/, 'bundle.zip');
    await refused('dashboard', zipOf({ 'metadata.yaml': META, '../evil.yaml': 'x: 1' }, null), 400, /'\.\.\/evil\.yaml' contains '\.\.'/);
    await refused('dashboard', zipOf({ '/etc/evil.yaml': 'x: 1' }, null), 400, /is an absolute path/);
    await refused('dashboard', zipOf({ 'a\\..\\evil.yaml': 'x: 1' }, null), 400, /backslash/);
    await refused('chart', zipOf({ 'charts/x.yaml': chartYaml(DB_UUID) }), 400, /Missing metadata\.yaml/);
    await refused('chart', zipOf({ 'metadata.yaml': 'version: 2.0.0\ntype: Slice\n' }), 400, /Unsupported bundle version 2\.0\.0/);
    await refused('chart', zipOf({ 'metadata.yaml': 'version: 1.0.0\n', 'charts/x.yaml': 'slice_name: [unclosed\n' }), 400, /Malformed YAML in charts\/x\.yaml/);
    await refused('chart', strToU8('slice_name: x\nversion: 3\n'), 400, /Unsupported bundle version 3/, 'chart.yaml');
  });

  it('refuses archives over the entry, size and count limits before inflating them', async () => {
    // 51 MB of zeros deflates to about 50 KB: the declared size alone must stop it.
    const bomb = zipSync({ 'b/metadata.yaml': strToU8(META), 'b/charts/big.yaml': new Uint8Array(51 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await refused('chart', bomb, 400, 'File b/charts/big.yaml is larger than 10 MB uncompressed (limit LUMEN_IMPORT_MAX_FILE_MB=10)');
    const many: Record<string, string> = { 'metadata.yaml': META };
    for (let i = 0; i < 2001; i += 1) many[`charts/c${i}.yaml`] = 'x: 1';
    await refused('chart', zipOf(many), 400, 'The upload has more than 2000 files (limit LUMEN_IMPORT_MAX_FILES=2000)');
  });

  it('refuses references, types and existing objects with 422, writing nothing', async () => {
    const orphan = await refused('chart', zipOf({ 'metadata.yaml': 'version: 1.0.0\ntype: Slice\n', 'charts/Orphan.yaml': chartYaml('77777777-2222-4333-8444-555555555555') }), 422, /References dataset 77777777/);
    expect(orphan.errors[0].extra['charts/Orphan.yaml']._schema[0]).toMatch(/neither in the bundle nor in Lumen/);
    await refused('chart', zipOf({ 'metadata.yaml': 'version: 1.0.0\ntype: Dashboard\n' }), 422, /type: Must be equal to Slice/);
    await refused('chart', zipOf({ 'metadata.yaml': 'version: 1.0.0\n' }), 422, /no chart files/);
    await refused('chart', zipOf({ 'metadata.yaml': 'version: 1.0.0\n', 'charts/x.yaml': 'slice_name: x\nversion: 1.0.0\n' }), 422, /viz_type: Missing data for required field/);
  });

  it('imports a single YAML document', async () => {
    const dataset = await t.ctx.store.db.selectFrom('tables').select('uuid').where('table_name', '=', 'v').executeTakeFirstOrThrow();
    const res = await importVia(t, 'chart', { file: strToU8(chartYaml(dataset.uuid)), filename: 'Orphan.yaml' });
    expect(res).toEqual({ status: 200, body: { message: 'OK' } });
    expect(await t.ctx.store.db.selectFrom('slices').select('id').where('slice_name', '=', 'Orphan').execute()).toHaveLength(1);
    await t.ctx.store.db.deleteFrom('slices').where('slice_name', '=', 'Orphan').execute();
  });

  it('needs can_write to import and can_export to export', async () => {
    const zip = zipOf({ 'metadata.yaml': META, 'databases/warehouse.yaml': pgDatabase() });
    expect((await importVia(t, 'dashboard', { file: zip }, 'gamma')).status).toBe(403);
    expect((await importVia(t, 'chart', { file: zip }, 'gamma')).status).toBe(403);
    expect((await importVia(t, 'database', { file: zip }, 'alpha')).status).toBe(403);
    const chart = await t.ctx.store.db.selectFrom('slices').select('id').executeTakeFirstOrThrow();
    expect((await exportVia(t, 'chart', [chart.id], 'gamma')).status).toBe(403);
    expect((await exportVia(t, 'chart', [chart.id], 'alpha')).status).toBe(200);
    expect((await exportVia(t, 'database', [1], 'alpha')).status).toBe(403);
    expect((await exportVia(t, 'chart', [chart.id, 999_999])).status).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/v1/chart/export/?q=!(${chart.id})` });
    expect(anonymous.statusCode).toBe(401);
    expect(await storeCounts(t)).toEqual(before);
  });
});
