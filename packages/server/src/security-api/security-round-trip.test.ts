import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, q } from '../resources/test-support';
import { createTestApp, type TestApp } from '../testing/harness';

/**
 * A migration script's round trip: users, roles (their pairs and members), row-level security rules and
 * dataset ownership read from one Lumen through the incumbent's API, written into a fresh one through the
 * same API, read again: both exports are equal. Everything is matched by name (role and pair names, user
 * names and e-mails, dataset names), as clients of the incumbent do, since ids differ between instances.
 * The source keeps its metadata in SQLite, the target in PostgreSQL.
 */
type Api = ReturnType<typeof client>;

/** What the import sets for the accounts it creates: passwords never leave an instance. */
const MIGRATED_PASSWORD = 'harbour-lantern-2024';

interface SecurityExport {
  users: { username: string; first_name: string; last_name: string; email: string; active: boolean; roles: string[] }[];
  roles: { name: string; permissions: string[]; users: string[] }[];
  rls: { name: string; description: string | null; filter_type: string; tables: string[]; roles: string[]; group_key: string | null; clause: string }[];
  ownership: { table_name: string; owners: string[] }[];
}

const byName = <T extends Record<string, unknown>>(key: keyof T) => (a: T, b: T) => String(a[key]).localeCompare(String(b[key]));

/** Every page of a list, as clients page it (page_size 100 until a page comes back empty). */
async function listAll(api: Api, path: string): Promise<Record<string, any>[]> {
  const items: Record<string, any>[] = [];
  for (let page = 0; ; page++) {
    const res = await api.get(`${path}?${q({ page, page_size: 100, order_column: 'id', order_direction: 'asc' })}`);
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    if (!res.body.result.length) return items;
    items.push(...res.body.result);
  }
}

async function exportSecurity(api: Api): Promise<SecurityExport> {
  const users = await listAll(api, '/api/v1/security/users/');
  const emailOf = new Map(users.map((u) => [u.id as number, u.email as string]));
  const roles = await listAll(api, '/api/v1/security/roles/search/');
  const withPairs = await Promise.all(
    roles.map(async (role) => {
      const pairs = (await api.get(`/api/v1/security/roles/${role.id}/permissions/`)).body.result as { permission_name: string; view_menu_name: string }[];
      return {
        name: role.name as string,
        permissions: pairs.map((p) => `${p.permission_name} on ${p.view_menu_name}`).sort(),
        users: (role.user_ids as number[]).map((id) => emailOf.get(id)!).sort(),
      };
    }),
  );
  const rules = await listAll(api, '/api/v1/rowlevelsecurity/');
  const datasets = await listAll(api, '/api/v1/dataset/');
  return {
    users: users
      .map((u) => ({ username: u.username, first_name: u.first_name, last_name: u.last_name, email: u.email, active: u.active, roles: u.roles.map((r: any) => r.name).sort() }))
      .sort(byName('username')),
    roles: withPairs.sort(byName('name')),
    rls: rules
      .map((r) => ({
        name: r.name,
        description: r.description,
        filter_type: r.filter_type,
        tables: r.tables.map((d: any) => d.table_name).sort(),
        roles: r.roles.map((x: any) => x.name).sort(),
        group_key: r.group_key,
        clause: r.clause,
      }))
      .sort(byName('name')),
    ownership: datasets.map((d) => ({ table_name: d.table_name, owners: d.owners.map((o: any) => emailOf.get(o.id)!).sort() })).sort(byName('table_name')),
  };
}

async function idsByName(api: Api, path: string, key: string): Promise<Map<string, number>> {
  return new Map((await listAll(api, path)).map((item) => [item[key] as string, item.id as number]));
}

/** Writes an export into an instance: roles first (names, then pairs), users with their roles, RLS, owners. */
async function importSecurity(api: Api, data: SecurityExport): Promise<void> {
  let roleIds = await idsByName(api, '/api/v1/security/roles/', 'name');
  for (const role of data.roles.filter((r) => !roleIds.has(r.name))) {
    expect((await api.post('/api/v1/security/roles/', { name: role.name })).status).toBe(201);
  }
  roleIds = await idsByName(api, '/api/v1/security/roles/', 'name');
  const pairs = await listAll(api, '/api/v1/security/permissions-resources/');
  const pairIds = new Map(pairs.map((p) => [`${p.permission.name} on ${p.view_menu.name}`, p.id as number]));
  for (const role of data.roles) {
    const ids = role.permissions.map((label) => pairIds.get(label)).filter((id): id is number => id !== undefined);
    expect(ids).toHaveLength(role.permissions.length);
    expect((await api.post(`/api/v1/security/roles/${roleIds.get(role.name)}/permissions`, { permission_view_menu_ids: ids })).status).toBe(200);
  }
  const userIds = await idsByName(api, '/api/v1/security/users/', 'username');
  for (const user of data.users) {
    const body = { ...user, roles: user.roles.map((name) => roleIds.get(name)!) };
    const res = userIds.has(user.username)
      ? await api.put(`/api/v1/security/users/${userIds.get(user.username)}`, body)
      : await api.post('/api/v1/security/users/', { ...body, password: MIGRATED_PASSWORD });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  }
  const datasetIds = await idsByName(api, '/api/v1/dataset/', 'table_name');
  for (const rule of data.rls) {
    const res = await api.post('/api/v1/rowlevelsecurity/', { ...rule, tables: rule.tables.map((name) => datasetIds.get(name)!), roles: rule.roles.map((name) => roleIds.get(name)!) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  const emails = new Map((await listAll(api, '/api/v1/security/users/')).map((u) => [u.email as string, u.id as number]));
  for (const owned of data.ownership) {
    const res = await api.put(`/api/v1/dataset/${datasetIds.get(owned.table_name)}`, { owners: owned.owners.map((email) => emails.get(email)!) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

/** The same database and virtual dataset in each instance, as a bundle import would have made them. */
async function seedWarehouse(api: Api): Promise<number> {
  const database = await api.post('/api/v1/database/', { database_name: 'warehouse', sqlalchemy_uri: 'sqlite:///:memory:' });
  expect(database.status, JSON.stringify(database.body)).toBe(201);
  const dataset = await api.post('/api/v1/dataset/', { database: database.body.id, table_name: 'orders', sql: "SELECT 'EU' AS region, 3 AS qty" });
  expect(dataset.status, JSON.stringify(dataset.body)).toBe(201);
  // The columns an RLS clause is checked against.
  expect((await api.put(`/api/v1/dataset/${dataset.body.id}/refresh`, {})).status).toBe(200);
  return dataset.body.id;
}

/** Users, roles, pairs, rules and owners worth carrying over, made through the API. */
async function seedSecurity(api: Api, datasetId: number): Promise<void> {
  const analyst = (await api.post('/api/v1/security/roles/', { name: 'analyst' })).body.id;
  const eu = (await api.post('/api/v1/security/roles/', { name: 'eu_readers' })).body.id;
  const pairs = await listAll(api, '/api/v1/security/permissions-resources/');
  const pick = (...labels: string[]) => pairs.filter((p) => labels.includes(`${p.permission.name} on ${p.view_menu.name}`)).map((p) => p.id);
  await api.post(`/api/v1/security/roles/${analyst}/permissions`, { permission_view_menu_ids: pick('can_read on Chart', 'can_read on Dashboard', 'can_write on Chart') });
  await api.post(`/api/v1/security/roles/${eu}/permissions`, { permission_view_menu_ids: pick('can_read on Dashboard') });
  const gamma = (await api.get(`/api/v1/security/roles/?${q({ filters: [{ col: 'name', opr: 'eq', value: 'Gamma' }] })}`)).body.ids[0];
  const ana = await api.post('/api/v1/security/users/', { username: 'ana', first_name: 'Ana', last_name: 'Lima', email: 'ana@example.org', password: 'copper-kettle-91', roles: [analyst, gamma] });
  await api.post('/api/v1/security/users/', { username: 'ben', first_name: 'Ben', last_name: 'Okafor', email: 'ben@example.org', password: 'silver-kettle-92', roles: [eu], active: false });
  await api.post('/api/v1/rowlevelsecurity/', { name: 'EU rows', filter_type: 'Regular', tables: [datasetId], roles: [eu], group_key: 'region', clause: "region = 'EU'", description: 'Readers in the EU' });
  await api.post('/api/v1/rowlevelsecurity/', { name: 'No empty orders', filter_type: 'Base', tables: [datasetId], roles: [analyst], clause: 'qty > 0' });
  await api.put(`/api/v1/dataset/${datasetId}`, { owners: [ana.body.id] });
}

describe('security export from one instance and import into a fresh one', () => {
  let source: TestApp;
  let target: TestApp;

  beforeAll(async () => {
    [source, target] = await Promise.all([createTestApp({ dialect: 'sqlite' }), createTestApp({ dialect: 'postgresql' })]);
    await seedSecurity(client(source), await seedWarehouse(client(source)));
    await seedWarehouse(client(target));
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  it('reads back in the target exactly what the source exported', async () => {
    const exported = await exportSecurity(client(source));
    // The export holds what was seeded, so the comparison below compares something.
    expect(exported.users.find((u) => u.username === 'ben')).toEqual({ username: 'ben', first_name: 'Ben', last_name: 'Okafor', email: 'ben@example.org', active: false, roles: ['eu_readers'] });
    expect(exported.roles.find((r) => r.name === 'analyst')).toEqual({ name: 'analyst', permissions: ['can_read on Chart', 'can_read on Dashboard', 'can_write on Chart'], users: ['ana@example.org'] });
    expect(exported.rls).toEqual([
      { name: 'EU rows', description: 'Readers in the EU', filter_type: 'Regular', tables: ['orders'], roles: ['eu_readers'], group_key: 'region', clause: "region = 'EU'" },
      { name: 'No empty orders', description: null, filter_type: 'Base', tables: ['orders'], roles: ['analyst'], group_key: null, clause: 'qty > 0' },
    ]);
    expect(exported.ownership).toEqual([{ table_name: 'orders', owners: ['ana@example.org'] }]);

    await importSecurity(client(target), exported);
    expect(await exportSecurity(client(target))).toEqual(exported);
  });

  it('a migrated user signs in with the password the import gave', async () => {
    const login = await target.app.inject({ method: 'POST', url: '/api/v1/security/login', payload: { username: 'ana', password: MIGRATED_PASSWORD, provider: 'db' } });
    expect(login.statusCode).toBe(200);
  });
});
