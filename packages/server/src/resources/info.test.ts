import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness';
import { client } from './test-support';

/** The resources whose `_info` the incumbent's clients read to build their payloads. */
const RESOURCES = ['chart', 'dashboard', 'dataset', 'database', 'saved_query'];

describe('_info answers as the incumbent', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await createTestApp();
    api = client(t);
  });
  afterAll(async () => t?.close());

  it.each(RESOURCES)('%s: add_columns, edit_columns, filters and permissions', async (resource) => {
    const res = await api.get(`/api/v1/${resource}/_info`, 'admin');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['add_columns', 'add_title', 'edit_columns', 'edit_title', 'filters', 'permissions']);
    for (const key of ['add_columns', 'edit_columns']) {
      const fields = res.body[key] as Record<string, unknown>[];
      expect(fields.length, `${resource} ${key}`).toBeGreaterThan(0);
      for (const field of fields) {
        expect(field).toMatchObject({ name: expect.any(String), label: expect.any(String), description: '', type: expect.any(String), required: expect.any(Boolean), unique: false });
      }
    }
    const filters = res.body.filters as Record<string, { name: string; operator: string }[]>;
    expect(Object.keys(filters).length).toBeGreaterThan(0);
    for (const operators of Object.values(filters)) for (const op of operators) expect(op).toEqual({ name: expect.any(String), operator: expect.any(String) });
    expect(res.body.permissions).toEqual(expect.arrayContaining(['can_read', 'can_write']));
  });

  it('describes each chart field with the incumbent\'s type, requiredness and length validator', async () => {
    const res = await api.get('/api/v1/chart/_info?q=(keys:!(add_columns,edit_columns))', 'admin');
    const byName = (list: { name: string }[]) => Object.fromEntries(list.map((f) => [f.name, f]));
    const add = byName(res.body.add_columns);
    expect(add.slice_name).toEqual({
      name: 'slice_name',
      label: 'Slice Name',
      description: '',
      type: 'String',
      required: true,
      unique: false,
      validate: ['<Length(min=1, max=250, equal=None, error=None)>'],
    });
    expect(add.datasource_id).toMatchObject({ type: 'Integer', required: true });
    expect(add.owners).toMatchObject({ type: 'List', required: false });
    // Editing needs no field: the chart already has them.
    expect(byName(res.body.edit_columns).slice_name).toMatchObject({ required: false });
  });

  it('names filter operators with the incumbent\'s words', async () => {
    const res = await api.get('/api/v1/chart/_info?q=(keys:!(filters))', 'admin');
    const names = (column: string) => Object.fromEntries((res.body.filters[column] as { name: string; operator: string }[]).map((f) => [f.operator, f.name]));
    expect(names('slice_name')).toMatchObject({ ct: 'Contains', sw: 'Starts with', eq: 'Equal to', chart_all_text: 'All Text' });
    expect(names('id')).toMatchObject({ chart_is_favorite: 'Is favorite', chart_is_certified: 'Is certified' });
    expect(names('owners')).toMatchObject({ rel_m_m: 'Relation as Many' });
  });

  it('accepts the incumbent\'s related-field paging and answers 400 naming a malformed one', async () => {
    const ok = await api.get('/api/v1/chart/_info?q=(add_columns:(owners:(page:0,page_size:10)),keys:!(add_columns))', 'admin');
    expect(ok.status).toBe(200);
    const cases: [string, RegExp][] = [
      ['(add_columns:!(owners))', /'add_columns' must be an object/],
      ['(edit_columns:(owners:5))', /'edit_columns.owners' must be an object/],
      ['(add_columns:(owners:(page:-1)))', /'add_columns.owners.page' must be an integer >= 0/],
      ['(add_columns:(owners:(size:3)))', /Unknown key 'size' in 'add_columns.owners'/],
    ];
    for (const [q, message] of cases) {
      const res = await api.get(`/api/v1/chart/_info?q=${encodeURIComponent(q)}`, 'admin');
      expect(res.status, q).toBe(400);
      expect(res.body.message, q).toMatch(message);
    }
  });

  it('lists only the permissions the caller holds on the resource', async () => {
    const res = await api.get('/api/v1/dashboard/_info?q=(keys:!(permissions))', 'gamma');
    expect(res.body).toEqual({ permissions: expect.not.arrayContaining(['can_write']) });
    expect(res.body.permissions).toContain('can_read');
  });
});
