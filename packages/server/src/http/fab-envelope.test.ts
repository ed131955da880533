import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../resources/test-support';
import { createTestApp, type TestApp } from '../testing/harness';
import { dottedKeys } from './fab-envelope';

/** The query history and the event log answer Flask-AppBuilder's list and item keys, as the incumbent's model APIs. */
describe("Flask-AppBuilder's envelope on the query history and the event log", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('names nested keys with dots', () => {
    expect(dottedKeys({ id: 1, user: { id: 2, first_name: 'Ada' }, tags: [] })).toEqual(['id', 'user.id', 'user.first_name', 'tags']);
  });

  it('lists queries with their columns, order columns, labels and title, even when there are none', async () => {
    const res = await client(t).get('/api/v1/query/');
    expect(res.body).toMatchObject({ count: 0, result: [], list_title: 'List Query', description_columns: {} });
    expect(res.body.list_columns).toEqual(expect.arrayContaining(['id', 'database.database_name', 'user.first_name', 'sql', 'status']));
    expect(res.body.order_columns).toContain('changed_on');
    expect(res.body.label_columns['database.database_name']).toBe('Database Database Name');
  });

  it('lists and shows log entries with their envelope', async () => {
    await t.app.inject({ method: 'POST', url: '/api/v1/log/', headers: t.headers('admin'), payload: { events: [{ event_name: 'spa_navigation' }] } });
    let list = await client(t).get('/api/v1/log/');
    for (let i = 0; i < 50 && list.body.count === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      list = await client(t).get('/api/v1/log/');
    }
    expect(list.body).toMatchObject({ list_title: 'List Log', description_columns: {} });
    expect(list.body.list_columns).toEqual(['id', 'action', 'user_id', 'dashboard_id', 'slice_id', 'json', 'dttm', 'duration_ms', 'referrer', 'user.username']);
    const one = await client(t).get(`/api/v1/log/${list.body.ids[0]}`);
    expect(one.body).toMatchObject({ id: list.body.ids[0], show_title: 'Show Log', show_columns: list.body.list_columns });
  });
});
