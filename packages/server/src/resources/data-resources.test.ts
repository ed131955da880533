import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabasePassword } from '../security/database-secrets';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';
import { client, q, seedDataset } from './test-support';

describe.each(METADATA_DIALECTS)('database, dataset, saved query and tag resources (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let databaseId: number;
  let datasetId: number;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    api = client(t);
    ({ databaseId, datasetId } = await seedDataset(t));
  });
  afterAll(async () => t?.close());

  it('stores database passwords apart, masks them and keeps them on a masked PUT', async () => {
    const created = await api.post('/api/v1/database/', { database_name: 'warehouse', sqlalchemy_uri: 'postgresql://bob:s3cret@db.example:5432/sales', expose_in_sqllab: true, allow_dml: false });
    expect(created.status).toBe(201);
    expect(JSON.stringify(created.body)).not.toContain('s3cret');
    const id = created.body.id;
    const got = await api.get(`/api/v1/database/${id}`, 'gamma');
    expect(got.body.result).toMatchObject({ database_name: 'warehouse', backend: 'postgresql', sqlalchemy_uri: 'postgresql://bob:XXXXXXXXXX@db.example:5432/sales', expose_in_sqllab: true });
    expect(JSON.stringify(got.body)).not.toContain('s3cret');
    await api.put(`/api/v1/database/${id}`, { sqlalchemy_uri: 'postgresql://bob:XXXXXXXXXX@db.example:5432/sales2' });
    const row = await t.ctx.store.db.selectFrom('dbs').select(['uuid', 'password', 'sqlalchemy_uri']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.sqlalchemy_uri).toBe('postgresql://bob@db.example:5432/sales2');
    // Stored encrypted (security/database-secrets.ts), and the masked PUT kept it.
    expect(row.password).toMatch(/^lumen:v1:/);
    expect(openDatabasePassword(t.config, row)).toBe('s3cret');
    const list = await api.get(`/api/v1/database/?${q({ filters: [{ col: 'database_name', opr: 'ct', value: 'ware' }, { col: 'expose_in_sqllab', opr: 'eq', value: true }], order_column: 'database_name', order_direction: 'asc' })}`);
    expect(list.body.result.map((r: any) => r.database_name)).toEqual(['warehouse']);
    expect(list.body.result[0]).not.toHaveProperty('sqlalchemy_uri');
  });

  it('creates a database from the connection form parameters, naming missing ones', async () => {
    const created = await api.post('/api/v1/database/', {
      database_name: 'from-form',
      engine: 'postgresql',
      parameters: { host: 'db.example', port: 5432, username: 'ann', password: 'pw-9', database: 'sales' },
    });
    expect(created.status).toBe(201);
    const row = await t.ctx.store.db.selectFrom('dbs').select(['uuid', 'password', 'sqlalchemy_uri', 'backend', 'configuration_method']).where('id', '=', created.body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ backend: 'postgresql', configuration_method: 'dynamic_form' });
    expect(openDatabasePassword(t.config, row)).toBe('pw-9');
    expect(row.sqlalchemy_uri).toContain('ann@db.example:5432/sales');
    const missing = await api.post('/api/v1/database/', { database_name: 'incomplete', engine: 'postgresql', parameters: { host: 'db.example' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/Missing required parameters: .*database/);
    expect(missing.body.errors[0].extra.invalid.database).toEqual(['This is a required field']);
    const neither = await api.post('/api/v1/database/', { database_name: 'nothing' });
    expect(neither.status).toBe(400);
    expect(neither.body.message).toBe('sqlalchemy_uri is required (or engine and parameters)');
  });

  it('refuses database writes by non-admins, duplicate names and bad URIs', async () => {
    expect((await api.post('/api/v1/database/', { database_name: 'x', sqlalchemy_uri: 'sqlite:///:memory:' }, 'alpha')).status).toBe(403);
    const dup = await api.post('/api/v1/database/', { database_name: 'warehouse2', sqlalchemy_uri: 'sqlite:///:memory:' });
    expect(dup.status).toBe(201);
    const again = await api.post('/api/v1/database/', { database_name: 'warehouse2', sqlalchemy_uri: 'sqlite:///:memory:' });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('A database with the same name already exists.');
    expect((await api.post('/api/v1/database/', { database_name: 'bad', sqlalchemy_uri: 'nonsense' })).status).toBe(400);
    expect((await api.del(`/api/v1/database/${databaseId}`)).status).toBe(422);
    expect((await api.del(`/api/v1/database/${dup.body.id}`)).body).toEqual({ message: 'OK' });
  });

  it('updates dataset columns and metrics, refusing unknown ids, and cascades on delete', async () => {
    const ds = await api.post('/api/v1/dataset/', { database: databaseId, table_name: 'virt', sql: 'SELECT 1 AS a, 2 AS b' }, 'alpha');
    expect(ds.status).toBe(201);
    const id = ds.body.id;
    const put = await api.put(`/api/v1/dataset/${id}`, {
      columns: [{ column_name: 'a', type: 'INTEGER', is_dttm: false }, { id: 'tmp-1', column_name: 'b', type: 'INTEGER' }],
      metrics: [{ metric_name: 'count', expression: 'COUNT(*)', d3format: null }],
      cache_timeout: '',
    }, 'alpha');
    expect(put.status).toBe(200);
    const got = await api.get(`/api/v1/dataset/${id}`, 'alpha');
    expect(got.body.result).toMatchObject({ table_name: 'virt', kind: 'virtual', database: { id: databaseId }, cache_timeout: null });
    expect(got.body.result.columns.map((c: any) => c.column_name)).toEqual(['a', 'b']);
    expect(got.body.result.metrics.map((m: any) => m.metric_name)).toEqual(['count']);
    const colA = got.body.result.columns[0];
    const keep = await api.put(`/api/v1/dataset/${id}`, { columns: [{ ...colA, verbose_name: 'Alpha' }] }, 'alpha');
    expect(keep.status).toBe(200);
    const after = (await api.get(`/api/v1/dataset/${id}`)).body.result.columns;
    expect(after).toEqual([expect.objectContaining({ id: colA.id, verbose_name: 'Alpha' })]);
    const unknown = await api.put(`/api/v1/dataset/${id}`, { columns: [{ id: 999999, column_name: 'zz' }] }, 'alpha');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/Unknown column id 999999/);
    const override = await api.put(`/api/v1/dataset/${id}?override_columns=true`, { columns: [{ id: colA.id, column_name: 'c' }] }, 'alpha');
    expect(override.status).toBe(200);
    expect((await api.get(`/api/v1/dataset/${id}`)).body.result.columns.map((c: any) => c.column_name)).toEqual(['c']);
    expect((await api.put(`/api/v1/dataset/${id}`, { columns: [{ column_name: 'x', filterable: 'yes' }] }, 'alpha')).body.message).toMatch(/columns\[0\]: Field 'filterable' must be a boolean/);
    const dup = await api.post('/api/v1/dataset/', { database: databaseId, table_name: 'virt', sql: 'SELECT 1' }, 'alpha');
    expect(dup.status).toBe(422);
    expect(dup.body.message).toBe('Dataset virt already exists');
    expect((await api.del(`/api/v1/dataset/${id}`, 'alpha')).body).toEqual({ message: 'OK' });
    const left = await t.ctx.store.db.selectFrom('table_columns').select('id').where('table_id', '=', id).execute();
    expect(left).toEqual([]);
    const physical = await api.get(`/api/v1/dataset/?${q({ filters: [{ col: 'sql', opr: 'dataset_is_null_or_empty', value: false }, { col: 'database', opr: 'rel_o_m', value: databaseId }] })}`);
    expect(physical.body.result.map((r: any) => r.id)).toEqual([datasetId]);
    expect((await api.get('/api/v1/dataset/distinct/schema')).status).toBe(200);
  });

  it('keeps saved queries private to their owner', async () => {
    const created = await api.post('/api/v1/saved_query/', { db_id: databaseId, label: 'My query', sql: 'SELECT * FROM sales JOIN region ON 1=1', schema: 'main', template_parameters: '{"a":1}' }, 'gamma');
    expect(created.status).toBe(201);
    const id = created.body.id;
    const mine = await api.get('/api/v1/saved_query/', 'gamma');
    expect(mine.body.result.map((r: any) => r.id)).toEqual([id]);
    expect(mine.body.result[0]).toMatchObject({ label: 'My query', db_id: databaseId, database: { id: databaseId }, sql_tables: [{ table: 'sales' }, { table: 'region' }] });
    expect((await api.get('/api/v1/saved_query/', 'alpha')).body.count).toBe(0);
    expect((await api.get(`/api/v1/saved_query/${id}`, 'alpha')).status).toBe(404);
    expect((await api.get(`/api/v1/saved_query/${id}`, 'admin')).status).toBe(200);
    expect((await api.put(`/api/v1/saved_query/${id}`, { label: 'Renamed' }, 'gamma')).status).toBe(200);
    expect((await api.post('/api/v1/saved_query/', { db_id: 99999, label: 'x', sql: 'SELECT 1' }, 'gamma')).status).toBe(422);
    expect((await api.post('/api/v1/saved_query/', { db_id: databaseId, label: 'x' }, 'gamma')).body.message).toEqual({ sql: ['Missing data for required field.'] });
    const search = await api.get(`/api/v1/saved_query/?${q({ filters: [{ col: 'label', opr: 'all_text', value: 'region' }] })}`, 'gamma');
    expect(search.body.count).toBe(1);
    expect((await api.del(`/api/v1/saved_query/?${q([id])}`, 'gamma')).body).toEqual({ message: 'Deleted 1 saved query' });
  });

  it('bulk-tags only objects the user may edit and lists tags', async () => {
    const mine = (await api.post('/api/v1/chart/', { slice_name: 'tag me', datasource_id: datasetId, datasource_type: 'table' }, 'alpha')).body.id;
    const theirs = (await api.post('/api/v1/chart/', { slice_name: 'not mine', datasource_id: datasetId, datasource_type: 'table' }, 'admin')).body.id;
    const res = await api.post('/api/v1/tag/bulk_create', { tags: ['finance', 'q1'], objects_to_tag: [['chart', mine], ['chart', theirs]] }, 'alpha');
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ objects_tagged: [['chart', mine]], objects_skipped: [['chart', theirs]] });
    const chart = await api.get(`/api/v1/chart/${mine}`);
    expect(chart.body.result.tags.map((g: any) => g.name)).toEqual(['finance', 'q1']);
    const tags = await api.get(`/api/v1/tag/?${q({ filters: [{ col: 'name', opr: 'ct', value: 'fin' }, { col: 'type', opr: 'custom_tag', value: true }], order_column: 'name', order_direction: 'asc', page: 0, page_size: 10 })}`, 'gamma');
    expect(tags.body.result).toEqual([expect.objectContaining({ id: expect.any(Number), name: 'finance', type: 'custom' })]);
    const tagId = tags.body.result[0].id;
    const byTag = await api.get(`/api/v1/chart/?${q({ filters: [{ col: 'tags', opr: 'tags', value: [tagId] }] })}`);
    expect(byTag.body.result.map((r: any) => r.id)).toEqual([mine]);
    const byName = await api.get(`/api/v1/chart/?${q({ filters: [{ col: 'tags', opr: 'chart_tags', value: 'FIN' }] })}`);
    expect(byName.body.result.map((r: any) => r.id)).toEqual([mine]);
    expect((await api.post('/api/v1/tag/bulk_create', { tags: ['x'], objects_to_tag: [['chart', mine]] }, 'gamma')).status).toBe(403);
    expect((await api.post('/api/v1/tag/bulk_create', { tags: [], objects_to_tag: [] }, 'alpha')).status).toBe(400);
    expect((await api.post('/api/v1/tag/bulk_create', { tags: ['x'], objects_to_tag: [['spaceship', 1]] }, 'alpha')).status).toBe(400);
    expect((await api.post('/api/v1/tag/', { name: 'finance' }, 'alpha')).status).toBe(422);
    const created = await api.post('/api/v1/tag/', { name: 'ops', description: 'Operations' }, 'alpha');
    expect(created.status).toBe(201);
    expect((await api.put(`/api/v1/tag/${created.body.id}`, { description: 'Ops team' }, 'alpha')).status).toBe(200);
    expect((await api.del(`/api/v1/tag/${created.body.id}`, 'alpha')).body).toEqual({ message: 'OK' });
  });
});
