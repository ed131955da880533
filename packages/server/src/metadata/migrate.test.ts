import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';
import { migrateToLatest } from './migrate';
import { nowIso } from './connect';

describe.each(METADATA_DIALECTS)('metadata store on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is idempotent: a second migration run applies nothing', async () => {
    expect(await migrateToLatest(t.ctx.store)).toEqual([]);
  });

  it('enforces uniqueness and cascades deletes', async () => {
    const { db } = t.ctx.store;
    const now = nowIso();
    const audit = { created_on: now, changed_on: now, created_by_fk: null, changed_by_fk: null };
    const dbRow = await db
      .insertInto('dbs')
      .values({ uuid: `u-${dialect}`, database_name: `d-${dialect}`, sqlalchemy_uri: 'sqlite:///x.db', backend: 'sqlite', ...audit } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const dataset = await db
      .insertInto('tables')
      .values({ uuid: `t-${dialect}`, table_name: 't', database_id: dbRow.id, ...audit } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('table_columns')
      .values({ uuid: `c-${dialect}`, table_id: dataset.id, column_name: 'a', ...audit } as never)
      .execute();
    await expect(
      db.insertInto('dbs').values({ uuid: `u2-${dialect}`, database_name: `d-${dialect}`, sqlalchemy_uri: 'x', backend: 'sqlite', ...audit } as never).execute(),
    ).rejects.toThrow();
    await db.deleteFrom('dbs').where('id', '=', dbRow.id).execute();
    const left = await db.selectFrom('table_columns').select('id').where('table_id', '=', dataset.id).execute();
    expect(left).toEqual([]);
  });

  it('rolls back a failing transaction completely', async () => {
    const { db } = t.ctx.store;
    const now = nowIso();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('tag').values({ name: `rollback-${dialect}`, type: 'custom', description: null, created_on: now, changed_on: now, created_by_fk: null, changed_by_fk: null }).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const rows = await db.selectFrom('tag').select('id').where('name', '=', `rollback-${dialect}`).execute();
    expect(rows).toEqual([]);
  });
});
