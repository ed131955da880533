import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSalesDataset } from '../embedding/test-seed';
import { client, q } from '../resources/test-support';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';

/**
 * A datasource_access grant opens what the dataset reads, so creating, moving or rewriting a dataset needs
 * the place it would read (security/dataset-placement.ts): the owner of a granted dataset cannot repoint it
 * at another database, or give it SQL, to read more through the grant.
 */
describe.each(METADATA_DIALECTS)('dataset placement on %s metadata', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let salesId: number;
  let returnsId: number;
  let salesDb: number;
  let returnsDb: number;

  const databaseOf = async (id: number) => (await t.ctx.store.db.selectFrom('tables').select('database_id').where('id', '=', id).executeTakeFirstOrThrow()).database_id;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    api = client(t);
    salesId = await seedSalesDataset(t, 'sales');
    returnsId = await seedSalesDataset(t, 'returns');
    [salesDb, returnsDb] = [await databaseOf(salesId), await databaseOf(returnsId)];
    const pairs = (await api.get(`/api/v1/security/permissions-resources/?${q({ page_size: 100 })}`)).body.result as any[];
    const pick = (permission: string, view: string) => pairs.find((p) => p.permission.name === permission && p.view_menu.name === view)?.id;
    const salesPair = pairs.find((p) => p.permission.name === 'datasource_access' && p.view_menu.name.endsWith(`(id:${salesId})`)).id;
    const role = await api.post('/api/v1/security/roles/', { name: 'sales_owner' });
    await api.post(`/api/v1/security/roles/${role.body.id}/permissions/`, { permission_view_menu_ids: [pick('can_read', 'Dataset'), pick('can_write', 'Dataset'), pick('can_read', 'Database'), salesPair] });
    const owner = await t.addUser('owner', ['sales_owner']);
    await t.ctx.store.db.insertInto('sqlatable_user').values({ dataset_id: salesId, user_id: owner.id }).execute();
  });
  afterAll(async () => t?.close());

  const refused = (res: { status: number; body: any }, text: RegExp) => {
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.message).toMatch(text);
  };

  it('refuses repointing a granted dataset at another database, or giving it SQL, and leaves it as it was', async () => {
    refused(await api.put(`/api/v1/dataset/${salesId}`, { database_id: returnsDb, table_name: 'anything', sql: 'SELECT * FROM returns' }, 'owner'), /needs database_access on/);
    refused(await api.put(`/api/v1/dataset/${salesId}`, { sql: 'SELECT * FROM sales' }, 'owner'), /its SQL can read any table there/);
    refused(await api.put(`/api/v1/dataset/${salesId}`, { table_name: 'other_table' }, 'owner'), /Reading tables of the database .* needs database_access on/);
    const row = await t.ctx.store.db.selectFrom('tables').select(['database_id', 'table_name', 'sql']).where('id', '=', salesId).executeTakeFirstOrThrow();
    expect(row).toEqual({ database_id: salesDb, table_name: 'sales', sql: null });
    // Changing what does not move the dataset stays open to its owner.
    expect((await api.put(`/api/v1/dataset/${salesId}`, { description: 'Monthly sales' }, 'owner')).status).toBe(200);
    const data = await t.app.inject({ method: 'POST', url: '/api/v1/chart/data', headers: t.headers('owner'), payload: { datasource: { id: salesId, type: 'table' }, queries: [{ columns: [], metrics: ['count'] }] } });
    expect(data.json().result[0].data[0].count).toBe(120);
  });

  it('refuses creating a dataset, or naming an existing one, where the user has no grant', async () => {
    refused(await api.post('/api/v1/dataset/', { database: returnsDb, table_name: 'returns' }, 'owner'), /needs database_access on/);
    refused(await api.post('/api/v1/dataset/', { database: salesDb, table_name: 'v', sql: 'SELECT 1 AS one' }, 'owner'), /its SQL can read any table there/);
    refused(await api.post('/api/v1/dataset/get_or_create/', { database_id: returnsDb, table_name: 'returns' }, 'owner'), /You need access to the dataset returns/);
    // Alpha (all_datasource_access) and Admin place datasets anywhere.
    expect((await api.put(`/api/v1/dataset/${returnsId}`, { description: 'ok' }, 'admin')).status).toBe(200);
    const created = await api.post('/api/v1/dataset/', { database: returnsDb, table_name: 'v_returns', sql: 'SELECT 1 AS one' }, 'alpha');
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  });
});
