import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readListVersion } from './list-version';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';
import { client, q } from './test-support';

/**
 * Native annotation layers (issue 22): the incumbent's /api/v1/annotation_layer/ and its nested
 * /{pk}/annotation/ resource, their validation answers and permissions, on both metadata dialects.
 */
describe.each(METADATA_DIALECTS)('annotation layers (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let layerId: number;
  let otherLayerId: number;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    api = client(t);
  });
  afterAll(async () => t?.close());

  const base = (id: number) => `/api/v1/annotation_layer/${id}/annotation`;

  it('creates, lists, shows and updates layers in the incumbent shapes', async () => {
    const created = await api.post('/api/v1/annotation_layer/', { name: ' Releases ', descr: 'Product releases' });
    expect(created.status).toBe(201);
    expect(created.body.result).toEqual({ name: 'Releases', descr: 'Product releases' });
    layerId = created.body.id;
    otherLayerId = (await api.post('/api/v1/annotation_layer/', { name: 'Incidents' }, 'alpha')).body.id;

    const shown = await api.get(`/api/v1/annotation_layer/${layerId}`, 'gamma');
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ id: layerId, result: { id: layerId, name: 'Releases', descr: 'Product releases' }, show_title: 'Show Annotation Layer', show_columns: ['id', 'name', 'descr'] });

    const list = await api.get(`/api/v1/annotation_layer/?${q({ filters: [{ col: 'name', opr: 'ct', value: 'rel' }], order_column: 'name', order_direction: 'asc' })}`);
    expect(list.body).toMatchObject({ count: 1, ids: [layerId], list_title: 'List Annotation Layer' });
    expect(Object.keys(list.body.result[0]).sort()).toEqual(['changed_by', 'changed_on', 'changed_on_delta_humanized', 'created_by', 'created_on', 'descr', 'id', 'name']);
    expect(list.body.result[0].created_by).toEqual({ first_name: 'admin', last_name: 'Test' });
    const byText = await api.get(`/api/v1/annotation_layer/?${q({ filters: [{ col: 'name', opr: 'annotation_layer_all_text', value: 'product' }] })}`);
    expect(byText.body.ids).toEqual([layerId]);
    const byCreator = await api.get(`/api/v1/annotation_layer/?${q({ filters: [{ col: 'created_by', opr: 'rel_o_m', value: t.users.alpha.id }] })}`);
    expect(byCreator.body.ids).toEqual([otherLayerId]);
    const related = await api.get('/api/v1/annotation_layer/related/created_by');
    expect(related.body.result.map((r: { text: string }) => r.text).sort()).toEqual(['admin Test', 'alpha Test']);

    const updated = await api.put(`/api/v1/annotation_layer/${layerId}`, { descr: 'Shipped versions' }, 'alpha');
    expect(updated.status).toBe(200);
    expect((await api.get(`/api/v1/annotation_layer/${layerId}`)).body.result.descr).toBe('Shipped versions');
    const info = await api.get(`/api/v1/annotation_layer/_info?${q({ keys: ['permissions'] })}`, 'gamma');
    expect(info.body.permissions).toEqual(['can_read']);
    expect((await api.get(`/api/v1/annotation_layer/_info?${q({ keys: ['permissions'] })}`)).body.permissions).toEqual(['can_read', 'can_write']);
  });

  it('refuses bad layers with the incumbent answers', async () => {
    const missing = await api.post('/api/v1/annotation_layer/', { descr: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toEqual({ name: ['Missing data for required field.'] });
    const duplicate = await api.post('/api/v1/annotation_layer/', { name: 'Releases' });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.message).toEqual({ name: ['Name must be unique'] });
    const renamed = await api.put(`/api/v1/annotation_layer/${otherLayerId}`, { name: 'Releases' });
    expect(renamed.status).toBe(422);
    expect(renamed.body.message).toEqual({ name: ['Name must be unique'] });
    expect((await api.put(`/api/v1/annotation_layer/${otherLayerId}`, { name: '  ' })).body.message).toEqual({ name: ['Name may not be empty'] });
    expect((await api.post('/api/v1/annotation_layer/', { name: 'x'.repeat(251) })).body.message).toBe("Field 'name' is longer than 250 characters");
    expect((await api.get('/api/v1/annotation_layer/987654')).status).toBe(404);
    expect((await api.get('/api/v1/annotation_layer/987654')).body.message).toBe('Annotation layer not found');
  });

  it('lets Gamma read but not write, and nobody without a session in', async () => {
    expect((await api.get('/api/v1/annotation_layer/', 'gamma')).status).toBe(200);
    expect((await api.post('/api/v1/annotation_layer/', { name: 'Gamma layer' }, 'gamma')).status).toBe(403);
    expect((await api.put(`/api/v1/annotation_layer/${layerId}`, { descr: 'no' }, 'gamma')).body.message).toBe('You do not have permission to edit this annotation layer');
    expect((await api.post(`${base(layerId)}/`, { short_descr: 'x', start_dttm: '2024-01-01T00:00:00', end_dttm: '2024-01-01T00:00:00' }, 'gamma')).status).toBe(403);
    expect((await api.get(`${base(layerId)}/`, null)).status).toBe(401);
  });

  it('creates, lists, shows and updates annotations of a layer', async () => {
    const created = await api.post(`${base(layerId)}/`, {
      short_descr: 'v1.0',
      long_descr: 'First release',
      start_dttm: '2024-03-01T09:30:00',
      end_dttm: '2024-03-01 11:30:00+02:00',
      json_metadata: '{"color": "red"}',
    });
    expect(created.status).toBe(201);
    expect(created.body.result).toEqual({ short_descr: 'v1.0', long_descr: 'First release', start_dttm: '2024-03-01T09:30:00', end_dttm: '2024-03-01T09:30:00', json_metadata: '{"color": "red"}', layer: layerId });
    const id = created.body.id;
    await api.post(`${base(layerId)}/`, { short_descr: 'v2.0', start_dttm: '2024-06-01T00:00:00', end_dttm: '2024-06-30T00:00:00.250' }, 'alpha');

    const shown = await api.get(`${base(layerId)}/${id}`, 'gamma');
    expect(shown.body).toMatchObject({
      id,
      result: { id, short_descr: 'v1.0', long_descr: 'First release', start_dttm: '2024-03-01T09:30:00', end_dttm: '2024-03-01T09:30:00', json_metadata: '{"color": "red"}', layer: { id: layerId, name: 'Releases' } },
      show_title: 'Show Annotation',
    });
    const list = await api.get(`${base(layerId)}/?${q({ order_column: 'start_dttm', order_direction: 'desc' })}`);
    expect(list.body.count).toBe(2);
    expect(list.body.result.map((r: { short_descr: string }) => r.short_descr)).toEqual(['v2.0', 'v1.0']);
    expect(list.body.result[0].end_dttm).toBe('2024-06-30T00:00:00.250000');
    expect(Object.keys(list.body.result[0]).sort()).toEqual(['changed_by', 'changed_on_delta_humanized', 'created_by', 'end_dttm', 'id', 'long_descr', 'short_descr', 'start_dttm']);
    expect(list.body.result[0].created_by).toEqual({ id: t.users.alpha.id, first_name: 'alpha' });
    const search = await api.get(`${base(layerId)}/?${q({ filters: [{ col: 'short_descr', opr: 'annotation_all_text', value: 'first' }] })}`);
    expect(search.body.ids).toEqual([id]);
    expect((await api.get(`${base(otherLayerId)}/`)).body.count).toBe(0);

    const updated = await api.put(`${base(layerId)}/${id}`, { long_descr: null, end_dttm: '2024-03-02T00:00:00Z' });
    expect(updated.status).toBe(200);
    expect(updated.body.result).toEqual({ long_descr: null, end_dttm: '2024-03-02T00:00:00', layer: layerId });
    expect((await api.get(`${base(layerId)}/${id}`)).body.result).toMatchObject({ long_descr: null, end_dttm: '2024-03-02T00:00:00', short_descr: 'v1.0' });
  });

  it('refuses bad annotations per field, as the incumbent', async () => {
    const missing = await api.post(`${base(layerId)}/`, { long_descr: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toEqual({ short_descr: ['Missing data for required field.'], start_dttm: ['Missing data for required field.'], end_dttm: ['Missing data for required field.'] });
    const malformed = await api.post(`${base(layerId)}/`, { short_descr: 'bad', start_dttm: '2024-02-30T00:00:00', end_dttm: 'tomorrow', json_metadata: '{nope' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toEqual({ start_dttm: ['Not a valid datetime.'], end_dttm: ['Not a valid datetime.'], json_metadata: ['JSON not valid'] });
    const backwards = await api.post(`${base(layerId)}/`, { short_descr: 'v1.0', start_dttm: '2024-03-02T00:00:00', end_dttm: '2024-03-01T00:00:00' });
    expect(backwards.status).toBe(422);
    expect(backwards.body.message).toEqual({ start_dttm: ['End date must be after start date'], short_descr: ['Short description must be unique for this layer'] });
    const [first] = (await api.get(`${base(layerId)}/?${q({ order_column: 'short_descr', order_direction: 'asc' })}`)).body.ids;
    const endBeforeStored = await api.put(`${base(layerId)}/${first}`, { end_dttm: '2020-01-01T00:00:00' });
    expect(endBeforeStored.status).toBe(422);
    expect(endBeforeStored.body.message).toEqual({ start_dttm: ['End date must be after start date'] });
    // The same short description is fine in another layer, and an event may start and end at once.
    const elsewhere = await api.post(`${base(otherLayerId)}/`, { short_descr: 'v1.0', start_dttm: '2024-03-01T00:00:00', end_dttm: '2024-03-01T00:00:00' });
    expect(elsewhere.status).toBe(201);
    expect((await api.post(`${base(layerId)}/`, { short_descr: 'x', start_dttm: '2024-01-01T00:00:00', end_dttm: '2024-01-01T00:00:00', extra: 1 })).body.message).toMatch(/^Unknown field 'extra'/);
  });

  it('answers 404 for an unknown layer and for an annotation named under another layer', async () => {
    const [mine] = (await api.get(`${base(layerId)}/`)).body.ids;
    const [theirs] = (await api.get(`${base(otherLayerId)}/`)).body.ids;
    expect((await api.get(`${base(987654)}/`)).status).toBe(404);
    expect((await api.post(`${base(987654)}/`, { short_descr: 'x', start_dttm: '2024-01-01T00:00:00', end_dttm: '2024-01-01T00:00:00' })).body.message).toBe('Annotation layer not found');
    const crossed = await api.get(`${base(layerId)}/${theirs}`);
    expect(crossed.status).toBe(404);
    expect(crossed.body.message).toBe('Annotation not found');
    expect((await api.put(`${base(layerId)}/${theirs}`, { short_descr: 'moved' })).status).toBe(404);
    expect((await api.del(`${base(layerId)}/${theirs}`)).status).toBe(404);
    expect((await api.del(`${base(layerId)}/?${q([mine, theirs])}`)).body.message).toBe(`Not found: annotation ${theirs}`);
    expect((await api.get(`${base(otherLayerId)}/${theirs}`)).status).toBe(200);
  });

  it('deletes annotations one by one and in bulk, and a layer only once it is empty', async () => {
    const ids: number[] = (await api.get(`${base(layerId)}/`)).body.ids;
    expect(ids).toHaveLength(2);
    const refused = await api.del(`/api/v1/annotation_layer/${layerId}`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Annotation layer has associated annotations.');
    expect((await api.del(`${base(layerId)}/${ids[0]}`)).body).toEqual({ message: 'OK' });
    expect((await api.del(`${base(layerId)}/?${q([ids[1]])}`)).body.message).toBe('Deleted 1 annotation');
    expect((await api.get(`${base(layerId)}/`)).body.count).toBe(0);
    await api.del(`${base(otherLayerId)}/?${q((await api.get(`${base(otherLayerId)}/`)).body.ids)}`);
    const bulk = await api.del(`/api/v1/annotation_layer/?${q([layerId, otherLayerId])}`);
    expect(bulk.body.message).toBe('Deleted 2 annotation layers');
    expect((await api.get('/api/v1/annotation_layer/')).body.count).toBe(0);
  });

  it('keeps the list version moving on writes to both tables (the list answer cache relies on it)', async () => {
    const layer = (await api.post('/api/v1/annotation_layer/', { name: 'Versioned' })).body.id;
    const before = await readListVersion(t.ctx.store);
    await api.post(`${base(layer)}/`, { short_descr: 'a', start_dttm: '2024-01-01T00:00:00', end_dttm: '2024-01-01T00:00:00' });
    const afterAnnotation = await readListVersion(t.ctx.store);
    expect(afterAnnotation).toBeGreaterThan(before);
    await api.put(`/api/v1/annotation_layer/${layer}`, { descr: 'changed' });
    expect(await readListVersion(t.ctx.store)).toBeGreaterThan(afterAnnotation);
    // A layer removed by plain SQL takes its annotations with it (ON DELETE CASCADE).
    await t.ctx.store.db.deleteFrom('annotation_layer').where('id', '=', layer).execute();
    expect(await t.ctx.store.db.selectFrom('annotation').select('id').where('layer_id', '=', layer).execute()).toEqual([]);
  });
});
