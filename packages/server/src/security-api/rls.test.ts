import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSalesDataset } from '../embedding/test-seed';
import { client, q } from '../resources/test-support';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';
import { expectMatrix } from './test-support';

/** The rows seedSalesDataset writes, to compute what each rule should leave. */
const SALES = Array.from({ length: 120 }, (_, i) => ({ region: ['North', 'South', 'East'][i % 3], qty: (i * 7) % 11 }));
const countWhere = (keep: (row: (typeof SALES)[number]) => boolean) => SALES.filter(keep).length;

describe.each(METADATA_DIALECTS)('/api/v1/rowlevelsecurity/ on %s metadata', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let salesId: number;
  let otherId: number;
  let roleIds: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    api = client(t);
    salesId = await seedSalesDataset(t, 'sales');
    otherId = await seedSalesDataset(t, 'returns');
    // `returns` lacks the qty column: a clause on qty is valid for sales only.
    await t.ctx.store.db.deleteFrom('table_columns').where('table_id', '=', otherId).where('column_name', '=', 'qty').execute();
    const roles = await t.ctx.store.db.selectFrom('ab_role').select(['id', 'name']).execute();
    roleIds = Object.fromEntries(roles.map((r) => [r.name, r.id]));
  });
  afterAll(async () => t?.close());

  /** COUNT(*) of the sales dataset through chart data, as the given user. */
  const salesCount = async (who: string): Promise<number> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      headers: t.headers(who),
      payload: { datasource: { id: salesId, type: 'table' }, queries: [{ columns: [], metrics: ['count'] }], result_format: 'json', result_type: 'full' },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return Number(res.json().result[0].data[0].count);
  };
  const rule = (body: object) => api.post('/api/v1/rowlevelsecurity/', { filter_type: 'Regular', tables: [salesId], roles: [roleIds.Gamma], ...body });
  const removeAll = async () => {
    const ids = (await api.get('/api/v1/rowlevelsecurity/')).body.ids as number[];
    if (ids.length) expect((await api.del(`/api/v1/rowlevelsecurity/?${q(ids)}`)).status).toBe(200);
  };

  it('creates, reads, lists, updates and deletes a rule in the incumbent’s shapes', async () => {
    const created = await rule({ name: 'north only', clause: "region = 'North'", group_key: 'region', description: 'Sales team North' });
    expect(created.status).toBe(201);
    expect(created.body.result).toEqual({ name: 'north only', filter_type: 'Regular', tables: [salesId], roles: [roleIds.Gamma], clause: "region = 'North'", group_key: 'region', description: 'Sales team North' });
    const id = created.body.id;
    const got = await api.get(`/api/v1/rowlevelsecurity/${id}`);
    expect(got.body).toEqual({
      id,
      result: {
        id,
        name: 'north only',
        description: 'Sales team North',
        filter_type: 'Regular',
        tables: [{ id: salesId, schema: null, table_name: 'sales' }],
        roles: [{ id: roleIds.Gamma, name: 'Gamma' }],
        group_key: 'region',
        clause: "region = 'North'",
      },
      show_title: 'Show Row Level Security Filter',
      show_columns: expect.arrayContaining(['id', 'name', 'filter_type', 'tables.table_name', 'roles.name', 'clause']),
      label_columns: expect.objectContaining({ name: 'Name', filter_type: 'Filter Type', group_key: 'Group Key' }),
      description_columns: {},
    });
    await rule({ name: 'base rule', filter_type: 'Base', clause: 'qty > 1', roles: [] });
    const list = await api.get(`/api/v1/rowlevelsecurity/?${q({ filters: [{ col: 'filter_type', opr: 'eq', value: 'Regular' }, { col: 'roles', opr: 'rel_m_m', value: roleIds.Gamma }], order_column: 'name', order_direction: 'asc' })}`);
    expect(list.body).toMatchObject({ count: 1, ids: [id], list_title: 'Row Level Security' });
    expect(list.body.result[0]).toMatchObject({ name: 'north only', tables: [{ id: salesId, table_name: 'sales' }], roles: [{ id: roleIds.Gamma, name: 'Gamma' }], changed_by: { id: t.users.admin.id } });
    const byTable = await api.get(`/api/v1/rowlevelsecurity/?${q({ filters: [{ col: 'tables', opr: 'rel_m_m', value: otherId }] })}`);
    expect(byTable.body.count).toBe(0);

    const updated = await api.put(`/api/v1/rowlevelsecurity/${id}`, { tables: [salesId, otherId], group_key: '', roles: [roleIds.Gamma, roleIds.Alpha] });
    expect(updated.status).toBe(200);
    const after = (await api.get(`/api/v1/rowlevelsecurity/${id}`)).body.result;
    expect(after.tables.map((d: any) => d.id).sort()).toEqual([salesId, otherId].sort());
    expect(after.group_key).toBeNull();
    expect(after.roles.map((r: any) => r.name)).toEqual(['Alpha', 'Gamma']);

    const related = await api.get(`/api/v1/rowlevelsecurity/related/tables?${q({ filter: 'sal' })}`);
    expect(related.body.result).toEqual([{ value: salesId, text: 'sales' }]);
    expect((await api.get('/api/v1/rowlevelsecurity/related/roles')).body.result.map((r: any) => r.text)).toContain('sql_lab');

    expect((await api.del(`/api/v1/rowlevelsecurity/${id}`)).body).toEqual({ message: 'OK' });
    expect((await api.get(`/api/v1/rowlevelsecurity/${id}`)).status).toBe(404);
    await removeAll();
  });

  it('refuses clauses the expression guard rejects with a 400 naming the dataset, and bad fields with messages naming them', async () => {
    const unknownColumn = await rule({ name: 'bad column', clause: 'nope = 1' });
    expect(unknownColumn.status).toBe(400);
    expect(unknownColumn.body.message).toMatch(/^The clause is not valid for dataset sales \(id \d+\): /);
    expect(unknownColumn.body.message).toContain('the column nope is not a column of this dataset');

    const injection = await rule({ name: 'injection', clause: "region = 'North') OR (1 = 1" });
    expect(injection.status).toBe(400);
    expect(injection.body.message).toContain('dataset sales');
    const stacked = await rule({ name: 'stacked', clause: '1 = 1; DROP TABLE sales' });
    expect(stacked.status).toBe(400);
    expect(stacked.body.message).toContain('dataset sales');

    // Valid for sales, but `returns` has no qty: the message names the dataset that fails.
    const partly = await rule({ name: 'partly', clause: 'qty > 3', tables: [salesId, otherId] });
    expect(partly.status).toBe(400);
    expect(partly.body.message).toContain(`dataset returns (id ${otherId})`);

    const ok = await rule({ name: 'fine', clause: 'qty > 3' });
    expect(ok.status).toBe(201);
    // Moving a valid rule to a dataset its clause does not fit is checked too.
    const moved = await api.put(`/api/v1/rowlevelsecurity/${ok.body.id}`, { tables: [otherId] });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toContain('dataset returns');

    expect((await rule({ name: 'typo', filter_type: 'Normal', clause: 'qty > 1' })).body.message).toBe("Field 'filter_type' must be one of Regular, Base, got 'Normal'");
    expect((await rule({ name: 'no tables', tables: [], clause: 'qty > 1' })).body.message).toBe("Field 'tables' must name at least one dataset");
    const ghost = await rule({ name: 'ghost', tables: [salesId], roles: [98765], clause: 'qty > 1' });
    expect(ghost.status).toBe(422);
    expect(ghost.body.message).toBe('Roles 98765 does not exist');
    const dup = await rule({ name: 'fine', clause: 'qty > 1' });
    expect(dup.status).toBe(422);
    expect(dup.body.message).toBe("A row level security rule named 'fine' already exists");
    expect(await t.ctx.store.db.selectFrom('row_level_security_filters').select('name').execute()).toEqual([{ name: 'fine' }]);
    await removeAll();
  });

  it('a Regular rule narrows a Gamma user’s chart data; rules sharing a group_key are ORed, groups ANDed', async () => {
    const all = SALES.length;
    expect(await salesCount('gamma')).toBe(all);
    await rule({ name: 'north', clause: "region = 'North'", group_key: 'region' });
    expect(await salesCount('gamma')).toBe(countWhere((r) => r.region === 'North'));
    // The paths without SQL of their own run through the same rules: samples, CSV, /datasource/samples.
    const chartData = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/chart/data', headers: t.headers('gamma'), payload: { datasource: { id: salesId, type: 'table' }, ...payload } });
    const samples = (await chartData({ queries: [{}], result_type: 'samples' })).json().result[0];
    expect(samples.rowcount).toBe(countWhere((r) => r.region === 'North'));
    expect(new Set(samples.data.map((r: { region: string }) => r.region))).toEqual(new Set(['North']));
    const csv = await chartData({ queries: [{ columns: ['region'], metrics: ['count'] }], result_format: 'csv' });
    expect(csv.body).toBe(`region,count\r\nNorth,${countWhere((r) => r.region === 'North')}\r\n`);
    const paged = await t.app.inject({ method: 'POST', url: `/datasource/samples?datasource_type=table&datasource_id=${salesId}&per_page=100&page=1`, headers: t.headers('gamma'), payload: {} });
    expect(paged.statusCode, paged.body.slice(0, 200)).toBe(200);
    expect(new Set(paged.json().result.data.map((r: { region: string }) => r.region))).toEqual(new Set(['North']));
    expect(await salesCount('alpha')).toBe(all);
    expect(await salesCount('admin')).toBe(all);

    await rule({ name: 'south', clause: "region = 'South'", group_key: 'region' });
    expect(await salesCount('gamma')).toBe(countWhere((r) => r.region === 'North' || r.region === 'South'));

    await rule({ name: 'small orders', clause: 'qty < 5' });
    expect(await salesCount('gamma')).toBe(countWhere((r) => (r.region === 'North' || r.region === 'South') && r.qty < 5));
    expect(await salesCount('alpha')).toBe(all);
    await removeAll();
    expect(await salesCount('gamma')).toBe(all);
  });

  it('a Base rule applies to everyone except its roles', async () => {
    const created = await rule({ name: 'base', filter_type: 'Base', clause: "region <> 'East'", roles: [roleIds.Admin] });
    expect(created.status).toBe(201);
    const notEast = countWhere((r) => r.region !== 'East');
    expect(await salesCount('gamma')).toBe(notEast);
    expect(await salesCount('alpha')).toBe(notEast);
    expect(await salesCount('admin')).toBe(SALES.length);

    // Base and Regular rules in one group are ORed too.
    await rule({ name: 'gamma sees east', clause: "region = 'East'", group_key: 'g' });
    await api.put(`/api/v1/rowlevelsecurity/${created.body.id}`, { group_key: 'g' });
    expect(await salesCount('gamma')).toBe(SALES.length);
    expect(await salesCount('alpha')).toBe(notEast);
    await removeAll();
  });

  it('only admins manage rules; others get 403 naming the pair, anonymous 401', async () => {
    const id = (await rule({ name: 'matrix', clause: 'qty > 1' })).body.id;
    await expectMatrix(
      t,
      [
        { method: 'GET', url: '/api/v1/rowlevelsecurity/' },
        { method: 'GET', url: `/api/v1/rowlevelsecurity/${id}` },
        { method: 'GET', url: '/api/v1/rowlevelsecurity/_info' },
        { method: 'GET', url: '/api/v1/rowlevelsecurity/related/tables' },
        { method: 'POST', url: '/api/v1/rowlevelsecurity/', payload: { name: 'matrix2', filter_type: 'Regular', tables: [salesId], roles: [], clause: 'qty > 2' } },
        { method: 'PUT', url: `/api/v1/rowlevelsecurity/${id}`, payload: { description: 'x' } },
        { method: 'DELETE', url: `/api/v1/rowlevelsecurity/${id}` },
      ],
      { admin: (s) => s < 300, alpha: 403, gamma: 403, anonymous: 401 },
    );
    const refused = await api.get('/api/v1/rowlevelsecurity/', 'alpha');
    expect(refused.body.message).toBe('You do not have the permission can_read on Row Level Security');

    // Holding the pairs is not enough to write rules: only admins decide which rows every role sees.
    const holders = (await api.post('/api/v1/security/roles/', { name: 'rls_pair_holders' })).body.id;
    const pairs = await t.ctx.store.db.selectFrom('ab_permission_view').select('id').where('view_menu', '=', 'Row Level Security').execute();
    await api.post(`/api/v1/security/roles/${holders}/permissions`, { permission_view_menu_ids: pairs.map((p) => p.id) });
    await t.addUser('rls_holder', ['Gamma', 'rls_pair_holders']);
    expect((await api.get('/api/v1/rowlevelsecurity/', 'rls_holder')).status).toBe(200);
    expect((await api.get(`/api/v1/rowlevelsecurity/_info?${q({ keys: ['permissions'] })}`, 'rls_holder')).body).toEqual({ permissions: ['can_read'] });
    expect((await api.get(`/api/v1/rowlevelsecurity/_info?${q({ keys: ['permissions'] })}`)).body).toEqual({ permissions: ['can_read', 'can_write'] });
    const write = await api.del(`/api/v1/rowlevelsecurity/${id}`, 'rls_holder');
    expect(write.status).toBe(403);
    expect(write.body.message).toBe('Only admins can manage row level security rules: a rule decides which rows every role sees');
    await removeAll();
  });
});
