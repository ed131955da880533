import { describe, expect, it, vi } from 'vitest';
import { createHostQuery, SqlLabHostQueryError } from './host-query';
import { createQueryOutcomes } from './query-outcomes';
import type { QueryRunner } from './query-runner';
import { createSqlLabStore } from './sqllab-store';
import type { SqlLabDatabase } from './sqllab-types';

/**
 * The host's tab (what `<bi-sqllab database-id sql>` opens): reused by title across page loads rather than
 * added once per visit, never the user's own tab, and a later change touches only what changed.
 */

const db = (id: number, expose = true) => ({ id, database_name: `db${id}`, backend: 'duckdb', expose_in_sqllab: expose }) as SqlLabDatabase;

function setup() {
  let n = 0;
  const store = createSqlLabStore({ newId: () => `t${++n}`, conf: { DEFAULT_DB_ID: 1 } });
  store.databases.value = { 1: db(1), 2: db(2), 3: db(3, false) };
  const activate = vi.fn(async (id: string) => store.setActive(id));
  const host = createHostQuery({ store, runner: {} as QueryRunner, outcomes: createQueryOutcomes(store), activate });
  return { store, host, activate };
}

describe('createHostQuery().apply', () => {
  it('reuses the tab restored under its title and leaves the user tab alone', async () => {
    const { store, host, activate } = setup();
    const mine = store.addTab({ name: 'My work', sql: 'SELECT mine', dbId: 1 });
    const restored = store.addTab({ name: 'Embedded query', sql: 'SELECT yesterday', dbId: 1 });
    store.setActive(mine.id);

    await host.apply({ databaseId: 2, sql: 'SELECT today', schema: 'main' });
    expect(store.tabs.value).toHaveLength(2);
    expect(activate).toHaveBeenCalledWith(restored.id);
    expect(store.activeTab.value).toMatchObject({ id: restored.id, sql: 'SELECT today', dbId: 2, schema: 'main' });
    expect(store.tabs.value.find((t) => t.id === mine.id)).toMatchObject({ sql: 'SELECT mine', dbId: 1 });
  });

  it('changes only what the host changed: a new database keeps the user edits to the SQL', async () => {
    const { store, host } = setup();
    const tab = await host.apply({ databaseId: 1, sql: 'SELECT 1', tabTitle: 'Orders' });
    expect(tab).toMatchObject({ name: 'Orders', sql: 'SELECT 1', dbId: 1 });
    store.updateTab(tab!.id, { sql: 'SELECT 1 -- edited' });

    await host.apply({ databaseId: 2, sql: 'SELECT 1', tabTitle: 'Orders' });
    expect(store.activeTab.value).toMatchObject({ sql: 'SELECT 1 -- edited', dbId: 2 });
    await host.apply({ databaseId: 2, sql: 'SELECT 2', tabTitle: 'Orders' });
    expect(store.activeTab.value).toMatchObject({ sql: 'SELECT 2', dbId: 2 });
    expect(store.tabs.value).toHaveLength(1);
  });

  it('refuses unknown and unexposed databases, naming the id, and changes nothing', async () => {
    const { store, host } = setup();
    await expect(host.apply({ databaseId: 99, sql: 'SELECT 1' })).rejects.toThrow(new SqlLabHostQueryError(99).message);
    await expect(host.apply({ databaseId: 3, sql: 'SELECT 1' })).rejects.toMatchObject({ code: 'UNKNOWN_DATABASE', databaseId: 3 });
    expect(store.tabs.value).toEqual([]);
  });
});
