import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, METADATA_DIALECTS, type TestApp, type TestDialect } from '../testing/harness';
import { Migrator } from 'kysely';
import { metadataMigrations, migrateToLatest } from '../metadata/migrate';
import { client, q, seedDataset } from './test-support';

const TTL_SECONDS = 2;

/** A second connection to the same metadata store, as another Lumen process (or an operator's psql) has. */
async function otherConnection(dialect: TestDialect, metadataUrl: string): Promise<{ run: (statement: string) => Promise<void>; close: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const sqlite = new Database(metadataUrl.replace(/^sqlite:\/\//, ''));
    return { run: async (statement) => void sqlite.exec(statement), close: async () => void sqlite.close() };
  }
  const pgClient = new pg.Client({ connectionString: metadataUrl });
  await pgClient.connect();
  return { run: async (statement) => void (await pgClient.query(statement)), close: () => pgClient.end() };
}

describe.each(METADATA_DIALECTS)('list answer cache on %s', (dialect) => {
  let t: TestApp;
  let dir: string;
  let other: Awaited<ReturnType<typeof otherConnection>>;
  let chartId: number;
  const api = () => client(t);
  const url = `/api/v1/chart/?${q({ columns: ['id', 'slice_name'], order_column: 'id', order_direction: 'asc' })}`;
  const list = (as = 'admin', headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...t.headers(as), ...headers } });
  const names = async (as = 'admin') => JSON.parse((await list(as)).body).result.map((r: { slice_name: string }) => r.slice_name);
  const version = async () => {
    const rows = await t.ctx.store.db.selectFrom('lumen_list_version' as never).select('version' as never).execute();
    return Number((rows[0] as { version: number }).version);
  };
  /** Renames the chart behind the cache's back: the store's version is put back as it was. */
  const renameUnseen = async (name: string) => {
    const before = await version();
    await other.run(`UPDATE slices SET slice_name = '${name}' WHERE id = ${chartId}`);
    await other.run(`UPDATE lumen_list_version SET version = ${before} WHERE id = 1`);
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lumen-list-cache-'));
    const metadataUrl = dialect === 'sqlite' ? `sqlite://${join(dir, 'metadata.db')}` : undefined;
    t = await createTestApp({ dialect, config: { listCacheSeconds: TTL_SECONDS, ...(metadataUrl ? { metadataUrl } : {}) } });
    other = await otherConnection(dialect, t.config.metadataUrl);
    const { datasetId } = await seedDataset(t);
    const chart = await api().post('/api/v1/chart/', { slice_name: 'first', viz_type: 'table', datasource_id: datasetId, datasource_type: 'table' });
    chartId = chart.body.id;
    await t.addUser('viewer', ['Gamma']);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('migrates an existing store down and up again', async () => {
    expect(await migrateToLatest(t.ctx.store)).toEqual([]);
    // The migrator's own API: step down to before 0009 (the later ones with it) and back up.
    const migrator = new Migrator({
      db: t.ctx.store.db,
      provider: { getMigrations: async () => metadataMigrations(t.ctx.store, t.config) },
      migrationTableName: 'lumen_migration',
      migrationLockTableName: 'lumen_migration_lock',
    });
    const down = await migrator.migrateTo('0008-query-list-indexes');
    expect(down.results?.map((r) => `${r.migrationName} ${r.status}`)).toEqual(['0011-annotation-layers Success', '0010-user-locale Success', '0009-list-version Success']);
    await other.run(`UPDATE slices SET slice_name = 'first' WHERE id = ${chartId}`); // no trigger left to fail on
    expect(await migrateToLatest(t.ctx.store)).toEqual(['0009-list-version', '0010-user-locale', '0011-annotation-layers']);
  });

  it('serves a hit with the same bytes and ETag as the miss, and 304 for If-None-Match', async () => {
    const miss = await list();
    expect(miss.statusCode).toBe(200);
    expect(miss.headers.etag).toMatch(/^"[\w-]+"$/);
    await renameUnseen('unseen');
    const hit = await list();
    expect(hit.body).toBe(miss.body);
    expect(hit.headers.etag).toBe(miss.headers.etag);
    expect(JSON.parse(hit.body).result[0].slice_name).toBe('first');
    const notModified = await list('admin', { 'if-none-match': String(miss.headers.etag) });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    await other.run(`UPDATE slices SET slice_name = 'first' WHERE id = ${chartId}`);
  });

  it('misses after a write by another connection to the same store', async () => {
    expect(await names()).toEqual(['first']);
    const before = await version();
    await other.run(`UPDATE slices SET slice_name = 'renamed elsewhere' WHERE id = ${chartId}`);
    expect(await version()).toBeGreaterThan(before);
    expect(await names()).toEqual(['renamed elsewhere']);
  });

  it('misses after a write through the API', async () => {
    expect((await api().put(`/api/v1/chart/${chartId}`, { slice_name: 'renamed here' })).status).toBe(200);
    expect(await names()).toEqual(['renamed here']);
  });

  it('never gives one viewer the answer made for another', async () => {
    expect(await names('admin')).toEqual(['renamed here']);
    expect(await names('viewer')).toEqual([]); // Gamma without access to the dataset sees no chart
    expect(await names('admin')).toEqual(['renamed here']);
    expect(await names('viewer')).toEqual([]);
  });

  it('lets a kept answer expire after listCacheSeconds', async () => {
    expect(await names()).toEqual(['renamed here']);
    await renameUnseen('after expiry');
    expect(await names()).toEqual(['renamed here']);
    await new Promise((resolve) => setTimeout(resolve, TTL_SECONDS * 1000 + 100));
    expect(await names()).toEqual(['after expiry']);
  });
});
