import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyDb } from '../resources/definition';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';
import { syncPermissionNames } from './permission-names';

describe.each(METADATA_DIALECTS)('permission name registry on %s', (dialect) => {
  let t: TestApp;
  let db: AnyDb;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    db = t.ctx.store.db as unknown as AnyDb;
  });
  afterAll(async () => t?.close());

  const names = async (table: 'ab_permission' | 'ab_view_menu') => (await db.selectFrom(table).select(['id', 'name']).orderBy('name').execute()) as { id: number; name: string }[];
  const distinct = async (column: 'permission' | 'view_menu') =>
    (await db.selectFrom('ab_permission_view').select(column).distinct().orderBy(column).execute()).map((r) => r[column] as string);

  it('gives every name used by a pair one id, keeps ids stable, and tolerates concurrent registration', async () => {
    await syncPermissionNames(db);
    expect((await names('ab_permission')).map((n) => n.name)).toEqual(await distinct('permission'));
    expect((await names('ab_view_menu')).map((n) => n.name)).toEqual(await distinct('view_menu'));
    const before = await names('ab_view_menu');

    await db.insertInto('ab_permission_view').values({ permission: 'can_fly', view_menu: 'Hangar' }).execute();
    // Two requests registering the same new names at once: neither fails, each name gets one row.
    await Promise.all([syncPermissionNames(db), syncPermissionNames(db)]);
    const after = await names('ab_view_menu');
    expect(after.filter((n) => n.name === 'Hangar')).toHaveLength(1);
    expect((await names('ab_permission')).filter((n) => n.name === 'can_fly')).toHaveLength(1);
    for (const old of before) expect(after).toContainEqual(old);
  });
});
