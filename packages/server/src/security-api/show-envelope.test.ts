import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, q } from '../resources/test-support';
import { createTestApp, type TestApp } from '../testing/harness';

/**
 * The security API's GET-one answers carry Flask-AppBuilder's keys beside {id, result}, as the incumbent's
 * (and Lumen's other framework GET-ones, e.g. /api/v1/chart/{pk}) do.
 */
const TITLES: Record<string, string> = {
  'security/roles': 'Show Role',
  'security/users': 'Show User',
  'security/permissions': 'Show Base Permission',
  'security/resources': 'Show View Menu',
  'security/permissions-resources': 'Show Permission on Views/Menus',
};

describe('security API GET-one envelope', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await createTestApp();
    api = client(t);
  });
  afterAll(async () => t?.close());

  it.each(Object.entries(TITLES))('/api/v1/%s/{pk} answers show_columns, show_title, label_columns and description_columns', async (resource, title) => {
    const first = (await api.get(`/api/v1/${resource}/?${q({ page_size: 1 })}`)).body.ids[0];
    const res = await api.get(`/api/v1/${resource}/${first}`);
    expect(res.status).toBe(200);
    expect(res.body.show_title).toBe(title);
    // FAB names nested keys dotted (roles.id); every key of the item is among them.
    const tops = new Set((res.body.show_columns as string[]).map((c) => c.split('.')[0]));
    expect([...tops].sort()).toEqual(Object.keys(res.body.result).sort());
    expect(Object.keys(res.body.label_columns)).toEqual(res.body.show_columns);
    expect(res.body.description_columns).toEqual({});
  });

  it('names only the columns asked for', async () => {
    const res = await api.get(`/api/v1/security/roles/${(await api.get('/api/v1/security/roles/')).body.ids[0]}?${q({ columns: ['name'] })}`);
    expect(res.body.show_columns).toEqual(['name']);
    expect(res.body.label_columns).toEqual({ name: 'Name' });
  });
});
