import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, q } from '../resources/test-support';
import { BUILTIN_ROLES } from '../security/roles';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';
import { expectMatrix } from './test-support';

describe.each(METADATA_DIALECTS)('roles, permissions, views and permission pairs on %s metadata', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    api = client(t);
  });
  afterAll(async () => t?.close());

  const pairId = async (permission: string, view: string) => {
    const res = await api.get(`/api/v1/security/permissions-resources/?${q({ filters: [{ col: 'permission.name', opr: 'eq', value: permission }, { col: 'view_menu.name', opr: 'eq', value: view }] })}`);
    expect(res.body.count, `${permission} on ${view}`).toBe(1);
    return res.body.result[0].id as number;
  };

  it('seeds Admin, Alpha, Gamma, sql_lab and Public; sql_lab grants SQL Lab, Public grants nothing', async () => {
    const list = await api.get(`/api/v1/security/roles/?${q({ order_column: 'name', page_size: 100 })}`);
    expect(list.status).toBe(200);
    expect(list.body.result.map((r: any) => r.name)).toEqual(expect.arrayContaining(Object.keys(BUILTIN_ROLES)));
    expect(list.body.list_columns).toEqual(['id', 'name']);
    const byName = Object.fromEntries(list.body.result.map((r: any) => [r.name, r.id]));
    const pairsOf = async (role: string) => (await api.get(`/api/v1/security/roles/${byName[role]}/permissions/`)).body.result.map((p: any) => `${p.permission_name}|${p.view_menu_name}`);
    expect(await pairsOf('sql_lab')).toEqual(expect.arrayContaining(['can_sqllab|Superset', 'can_read|Database', 'can_write|SavedQuery']));
    expect(await pairsOf('sql_lab')).not.toContain('can_write|Chart');
    expect(await pairsOf('Public')).toEqual([]);
    expect(await pairsOf('Admin')).toEqual(expect.arrayContaining(['can_write|User', 'can_write|Role', 'can_write|Row Level Security']));

    // A Gamma user given sql_lab reaches SQL Lab; without it, SQL Lab refuses.
    const analyst = await t.addUser('analyst', ['Gamma', 'sql_lab']);
    expect(analyst.id).toBeGreaterThan(0);
    const tabs = (who: string) => t.app.inject({ method: 'GET', url: '/api/v1/sqllab/', headers: t.headers(who) });
    expect((await tabs('analyst')).statusCode).toBe(200);
    expect((await tabs('gamma')).statusCode).toBe(403);
  });

  it('creates, renames and deletes a role; built-in roles cannot be renamed or deleted; names are unique', async () => {
    const created = await api.post('/api/v1/security/roles/', { name: 'analysts' });
    expect(created.status).toBe(201);
    expect(created.body.result).toEqual({ name: 'analysts' });
    const id = created.body.id;
    expect((await api.get(`/api/v1/security/roles/${id}`)).body).toMatchObject({ id, result: { id, name: 'analysts' } });
    expect((await api.put(`/api/v1/security/roles/${id}`, { name: 'analysts_eu' })).body).toEqual({ id, result: { name: 'analysts_eu' } });
    const duplicate = await api.post('/api/v1/security/roles/', { name: 'ADMIN' });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.message).toBe("A role named 'ADMIN' already exists");
    const adminId = (await api.get(`/api/v1/security/roles/?${q({ filters: [{ col: 'name', opr: 'eq', value: 'Admin' }] })}`)).body.ids[0];
    expect((await api.put(`/api/v1/security/roles/${adminId}`, { name: 'Boss' })).body.message).toBe('Role Admin is built in and cannot be renamed');
    expect((await api.del(`/api/v1/security/roles/${adminId}`)).body.message).toBe('Role Admin is built in and cannot be deleted');
    expect((await api.post('/api/v1/security/roles/', { name: '' })).status).toBe(400);
    expect((await api.del(`/api/v1/security/roles/${id}`)).body).toEqual({ message: 'OK' });
    expect((await api.get(`/api/v1/security/roles/${id}`)).status).toBe(404);
  });

  it('sets a role’s permission pairs and members as a whole; the users’ rights change at once', async () => {
    const role = (await api.post('/api/v1/security/roles/', { name: 'chart_readers' })).body.id;
    const reader = await t.addUser('reader', ['Public']);
    const charts = () => t.app.inject({ method: 'GET', url: '/api/v1/chart/', headers: t.headers('reader') });
    expect((await charts()).statusCode).toBe(403);

    const readChart = await pairId('can_read', 'Chart');
    const set = await api.post(`/api/v1/security/roles/${role}/permissions`, { permission_view_menu_ids: [readChart] });
    expect(set).toEqual({ status: 200, body: { result: { permission_view_menu_ids: [readChart] } } });
    expect((await api.get(`/api/v1/security/roles/${role}/permissions/`)).body.result).toEqual([{ id: readChart, permission_name: 'can_read', view_menu_name: 'Chart' }]);
    const members = await api.put(`/api/v1/security/roles/${role}/users`, { user_ids: [reader.id] });
    expect(members).toEqual({ status: 200, body: { result: { user_ids: [reader.id] } } });
    expect((await charts()).statusCode).toBe(200);

    const search = await api.get(`/api/v1/security/roles/search/?${q({ filters: [{ col: 'name', opr: 'ct', value: 'chart_r' }] })}`);
    expect(search.body).toEqual({ count: 1, ids: [role], result: [{ id: role, name: 'chart_readers', permission_ids: [readChart], user_ids: [reader.id] }] });
    const byUser = await api.get(`/api/v1/security/roles/search/?${q({ filters: [{ col: 'user_ids', opr: 'in', value: [reader.id] }], order_column: 'name' })}`);
    expect(byUser.body.result.map((r: any) => r.name)).toEqual(['Public', 'chart_readers']);

    const missing = await api.post(`/api/v1/security/roles/${role}/permissions`, { permission_view_menu_ids: [readChart, 99999] });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('Permission pairs 99999 does not exist');
    expect((await api.post(`/api/v1/security/roles/${role}/permissions`, { ids: [] })).body.message).toContain("Unknown field 'ids'");
    expect((await api.get('/api/v1/security/roles/424242/permissions/')).status).toBe(404);

    await api.post(`/api/v1/security/roles/${role}/permissions`, { permission_view_menu_ids: [] });
    expect((await charts()).statusCode).toBe(403);
    const adminRole = (await api.get(`/api/v1/security/roles/?${q({ filters: [{ col: 'name', opr: 'eq', value: 'Admin' }] })}`)).body.ids[0];
    const emptyAdmins = await api.put(`/api/v1/security/roles/${adminRole}/users`, { user_ids: [] });
    expect(emptyAdmins.status).toBe(422);
  });

  it('lists permission names and views, and creates, changes and deletes views and pairs', async () => {
    const permissions = await api.get(`/api/v1/security/permissions/?${q({ filters: [{ col: 'name', opr: 'sw', value: 'can_' }], page_size: 100 })}`);
    expect(permissions.body.result.map((p: any) => p.name)).toEqual(expect.arrayContaining(['can_read', 'can_write', 'can_sqllab']));
    const canRead = permissions.body.result.find((p: any) => p.name === 'can_read').id;
    expect((await api.get(`/api/v1/security/permissions/${canRead}`)).body.result).toEqual({ id: canRead, name: 'can_read' });
    // Permission names are read-only, as in the incumbent.
    expect((await api.post('/api/v1/security/permissions/', { name: 'can_fly' })).status).toBe(404);

    const view = await api.post('/api/v1/security/resources/', { name: 'Garden' });
    expect(view.status).toBe(201);
    const pair = await api.post('/api/v1/security/permissions-resources/', { permission_id: canRead, view_menu_id: view.body.id });
    expect(pair.status).toBe(201);
    expect((await api.get(`/api/v1/security/permissions-resources/${pair.body.id}`)).body.result).toEqual({ id: pair.body.id, permission: { name: 'can_read' }, view_menu: { name: 'Garden' } });
    const again = await api.post('/api/v1/security/permissions-resources/', { permission_id: canRead, view_menu_id: view.body.id });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('The pair can_read on Garden already exists');
    expect((await api.post('/api/v1/security/permissions-resources/', { permission_id: canRead, view_menu_id: 4242 })).body.message).toBe('View 4242 does not exist');

    // Renaming a view renames it in its pairs, which is what checks read.
    expect((await api.put(`/api/v1/security/resources/${view.body.id}`, { name: 'Greenhouse' })).status).toBe(200);
    expect(await pairId('can_read', 'Greenhouse')).toBe(pair.body.id);
    const byView = await api.get(`/api/v1/security/permissions-resources/?${q({ filters: [{ col: 'view_menu', opr: 'rel_o_m', value: view.body.id }] })}`);
    expect(byView.body.ids).toEqual([pair.body.id]);
    const inUse = await api.del(`/api/v1/security/resources/${view.body.id}`);
    expect(inUse.status).toBe(422);
    expect(inUse.body.message).toBe('View Greenhouse is used by 1 permission pair; delete them first');

    const canWrite = permissions.body.result.find((p: any) => p.name === 'can_write').id;
    expect((await api.put(`/api/v1/security/permissions-resources/${pair.body.id}`, { permission_id: canWrite })).status).toBe(200);
    expect(await pairId('can_write', 'Greenhouse')).toBe(pair.body.id);
    expect((await api.del(`/api/v1/security/permissions-resources/${pair.body.id}`)).body).toEqual({ message: 'OK' });
    expect((await api.del(`/api/v1/security/resources/${view.body.id}`)).body).toEqual({ message: 'OK' });

    // Names of pairs added by other code (no registry row yet) get ids when listed.
    await t.ctx.store.db.insertInto('ab_permission_view').values({ permission: 'can_dance', view_menu: 'Ballroom' }).execute();
    const names = await api.get(`/api/v1/security/permissions/?${q({ filters: [{ col: 'name', opr: 'eq', value: 'can_dance' }] })}`);
    expect(names.body.count).toBe(1);
    const views = await api.get(`/api/v1/security/resources/?${q({ filters: [{ col: 'name', opr: 'eq', value: 'Ballroom' }] })}`);
    expect(views.body.count).toBe(1);
  });

  it('lets only admins manage roles and permissions; others get 403 naming the pair, anonymous 401', async () => {
    const role = (await api.post('/api/v1/security/roles/', { name: 'matrix_role' })).body.id;
    const view = (await api.post('/api/v1/security/resources/', { name: 'MatrixView' })).body.id;
    const canRead = (await api.get(`/api/v1/security/permissions/?${q({ filters: [{ col: 'name', opr: 'eq', value: 'can_read' }] })}`)).body.ids[0];
    const pair = (await api.post('/api/v1/security/permissions-resources/', { permission_id: canRead, view_menu_id: view })).body.id;
    await expectMatrix(
      t,
      [
        { method: 'GET', url: '/api/v1/security/roles/' },
        { method: 'GET', url: `/api/v1/security/roles/${role}` },
        { method: 'GET', url: '/api/v1/security/roles/_info' },
        { method: 'GET', url: '/api/v1/security/roles/search/' },
        { method: 'GET', url: `/api/v1/security/roles/${role}/permissions/` },
        { method: 'POST', url: `/api/v1/security/roles/${role}/permissions`, payload: { permission_view_menu_ids: [pair] } },
        { method: 'PUT', url: `/api/v1/security/roles/${role}/users`, payload: { user_ids: [] } },
        { method: 'POST', url: '/api/v1/security/roles/', payload: { name: 'matrix_new' } },
        { method: 'PUT', url: `/api/v1/security/roles/${role}`, payload: { name: 'matrix_role2' } },
        { method: 'GET', url: '/api/v1/security/permissions/' },
        { method: 'GET', url: `/api/v1/security/permissions/${canRead}` },
        { method: 'GET', url: '/api/v1/security/resources/' },
        { method: 'GET', url: '/api/v1/security/permissions-resources/' },
        { method: 'GET', url: `/api/v1/security/permissions-resources/${pair}` },
        { method: 'PUT', url: `/api/v1/security/permissions-resources/${pair}`, payload: { permission_id: canRead } },
        { method: 'DELETE', url: `/api/v1/security/permissions-resources/${pair}` },
        { method: 'DELETE', url: `/api/v1/security/resources/${view}` },
        { method: 'DELETE', url: `/api/v1/security/roles/${role}` },
      ],
      { admin: (s) => s < 300, alpha: 403, gamma: 403, anonymous: 401 },
    );
    // A role manager who is not admin grants nothing beyond its own pairs, and changes no views or pairs.
    const managers = (await api.post('/api/v1/security/roles/', { name: 'role_managers' })).body.id;
    const rolePairs = [await pairId('can_read', 'Role'), await pairId('can_write', 'Role')];
    await api.post(`/api/v1/security/roles/${managers}/permissions`, { permission_view_menu_ids: rolePairs });
    const roleAdmin = await t.addUser('roleadmin', ['role_managers']);
    const widen = await api.post(`/api/v1/security/roles/${managers}/permissions`, { permission_view_menu_ids: [...rolePairs, await pairId('can_write', 'User')] }, 'roleadmin');
    expect(widen.status).toBe(403);
    expect(widen.body.message).toBe('You cannot grant can_write on User, which you do not hold');
    const adminRole = (await api.get(`/api/v1/security/roles/?${q({ filters: [{ col: 'name', opr: 'eq', value: 'Admin' }] })}`)).body.ids[0];
    const join = await api.put(`/api/v1/security/roles/${adminRole}/users`, { user_ids: [t.users.admin.id, roleAdmin.id] }, 'roleadmin');
    expect(join.body.message).toBe('You cannot grant or change the role Admin: it holds admin rights, which you do not hold');
    const own = (await api.post('/api/v1/security/roles/', { name: 'readers_of_roles' }, 'roleadmin')).body.id;
    expect((await api.post(`/api/v1/security/roles/${own}/permissions`, { permission_view_menu_ids: [rolePairs[0]] }, 'roleadmin')).status).toBe(200);
    const gammaRole = (await api.get(`/api/v1/security/roles/?${q({ filters: [{ col: 'name', opr: 'eq', value: 'Gamma' }] })}`)).body.ids[0];
    expect((await api.put(`/api/v1/security/roles/${gammaRole}/users`, { user_ids: [] }, 'roleadmin')).status).toBe(403);

    const info = await api.get('/api/v1/security/roles/_info');
    expect(info.body).toMatchObject({ permissions: ['can_read', 'can_write'], add_columns: expect.arrayContaining([expect.objectContaining({ name: 'name', type: 'String', required: true })]) });
  });
});
