import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness';
import type { AnyDb, Eb, ResourceDefinition } from './definition';
import { RESOURCE_DEFINITIONS } from './registry';

/**
 * Every column a list may be ordered or filtered by leads an index (issue 18; migration 0007-list-indexes),
 * found from the definitions themselves: each order expression and filter operator is compiled and the
 * columns of `t` it names are collected.
 */

/** Free text searched with `like '%...%'` (no b-tree serves it) or JSON text: deliberately unindexed. */
const FREE_TEXT = new Set(['description', 'descr', 'sql', 'params', 'extra', 'uuid', 'certification_details']);
/** Already leading a unique constraint or the primary key since 0001. */
const UNIQUE_LEADERS: Record<string, string[]> = {
  slices: ['id', 'uuid'],
  dashboards: ['id', 'uuid', 'slug'],
  tables: ['id', 'uuid', 'database_id'],
  dbs: ['id', 'uuid', 'database_name'],
  saved_query: ['id', 'uuid'],
  report_schedule: ['id', 'name'],
  tag: ['id', 'name'],
};

const SAMPLE_VALUES: unknown[] = [1, 'x', true, [1], '2024-01-01T00:00:00'];

function columnsOfT(compiled: string): string[] {
  return [...compiled.matchAll(/"t"\."(\w+)"/g)].map((m) => m[1]);
}

function orderAndFilterColumns(db: AnyDb, def: ResourceDefinition, scope: never): Set<string> {
  const found = new Set<string>();
  const base = () => db.selectFrom(`${def.table} as t`).select(sql.lit(1).as('one'));
  for (const order of Object.values(def.orderColumns)) {
    for (const column of columnsOfT(base().orderBy((eb: Eb) => order(eb)).compile().sql)) found.add(column);
  }
  for (const filter of Object.values(def.filters)) {
    for (const apply of Object.values(filter.operators)) {
      for (const value of SAMPLE_VALUES) {
        try {
          for (const column of columnsOfT(base().where((eb: Eb) => apply(eb, value, scope)).compile().sql)) found.add(column);
          break;
        } catch {
          // This operator refuses this kind of value; the next sample may fit.
        }
      }
    }
  }
  return found;
}

async function leadingIndexColumns(db: AnyDb, table: string): Promise<Set<string>> {
  const indexes = await sql<{ name: string }>`select name from pragma_index_list(${table})`.execute(db);
  const leaders = new Set<string>(UNIQUE_LEADERS[table] ?? ['id']);
  for (const { name } of indexes.rows) {
    const columns = await sql<{ name: string; seqno: number }>`select name, seqno from pragma_index_info(${name})`.execute(db);
    const first = columns.rows.find((c) => c.seqno === 0);
    if (first) leaders.add(first.name);
  }
  return leaders;
}

describe('list indexes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it.each(RESOURCE_DEFINITIONS.map((def) => [def.name, def] as const))('%s: every order and filter column leads an index', async (_name, def) => {
    const db = t.ctx.store.db as unknown as AnyDb;
    const scope = { ctx: t.ctx, user: { id: 1, isAdmin: false, roles: [] }, db } as never;
    const wanted = [...orderAndFilterColumns(db, def, scope)].filter((c) => !FREE_TEXT.has(c));
    expect(wanted.length).toBeGreaterThan(0);
    const leaders = await leadingIndexColumns(db, def.table);
    expect(wanted.filter((c) => !leaders.has(c))).toEqual([]);
  });

  it('the SQL Lab query history is indexed on each of its order columns but the SQL text', async () => {
    const leaders = await leadingIndexColumns(t.ctx.store.db as unknown as AnyDb, 'query');
    for (const column of ['changed_on', 'start_time', 'end_time', 'rows', 'schema', 'status', 'tab_name', 'database_id', 'user_id']) expect(leaders).toContain(column);
  });

  it.each([
    ['slice_user', 'user_id'],
    ['dashboard_user', 'user_id'],
    ['sqlatable_user', 'user_id'],
    ['report_schedule_user', 'user_id'],
    ['dashboard_slices', 'slice_id'],
    ['dashboard_roles', 'role_id'],
    ['tagged_object', 'object_type'],
    ['report_recipient', 'report_schedule_id'],
  ])('link table %s is indexed from the %s side too', async (table, column) => {
    expect(await leadingIndexColumns(t.ctx.store.db as unknown as AnyDb, table)).toContain(column);
  });
});
