import Database from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache';

describe('withStatementCache', () => {
  const opened: Database.Database[] = [];
  const open = () => {
    const database = new Database(':memory:');
    opened.push(database);
    return database;
  };
  afterEach(() => {
    for (const database of opened.splice(0)) if (database.open) database.close();
  });

  it('prepares each SQL text once and reuses the statement', () => {
    const database = open();
    const cached = withStatementCache(database);
    const first = cached.prepare('SELECT 1 AS one');
    expect(cached.prepare('SELECT 1 AS one')).toBe(first);
    expect(cached.prepare('SELECT 2 AS two')).not.toBe(first);
  });

  it('drops the least recently used statement past its size', () => {
    const cached = withStatementCache(open(), 2);
    const a = cached.prepare('SELECT 1');
    const b = cached.prepare('SELECT 2');
    expect(cached.prepare('SELECT 1')).toBe(a);
    cached.prepare('SELECT 3');
    expect(cached.prepare('SELECT 1')).toBe(a);
    expect(cached.prepare('SELECT 2')).not.toBe(b);
  });

  it('answers the same rows through Kysely, also after the schema changed under a cached statement', async () => {
    const database = open();
    const db = new Kysely<{ t: { id: number; name: string } }>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
    await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)`.execute(db);
    await db.insertInto('t').values([{ id: 1, name: 'a' }, { id: 2, name: 'b' }]).execute();
    const read = () => db.selectFrom('t').selectAll().where('id', '>', 0).orderBy('id').execute();
    expect(await read()).toEqual([{ id: 1, name: 'a' }, { id: 2, name: 'b' }]);
    await sql`ALTER TABLE t ADD COLUMN extra TEXT`.execute(db);
    await db.updateTable('t').set({ name: 'c' }).where('id', '=', 2).execute();
    expect(await read()).toEqual([{ id: 1, name: 'a', extra: null }, { id: 2, name: 'c', extra: null }]);
    await db.destroy();
    expect(database.open).toBe(false);
  });
});
