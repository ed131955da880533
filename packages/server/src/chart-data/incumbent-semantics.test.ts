import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections, getConnection } from '../engines';
import { EXAMPLES_DATABASE_UUID, ensureExamples } from '../examples';
import { createTestApp, type TestApp } from '../testing/harness';

/**
 * Two results the incumbent and Lumen gave differently on the same data (issue 19), checked on the DuckDB
 * example database: columns with an empty metrics list group, and a rolling window with min_periods keeps
 * the incumbent's rows.
 */
describe('chart data semantics shared with the incumbent, on the example database', () => {
  let t: TestApp;
  let dataDir: string;
  const ids: Record<string, number> = {};

  const post = async (table: string, query: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      headers: t.headers('admin'),
      payload: { datasource: { id: ids[table], type: 'table' }, queries: [{ row_limit: 100_000, ...query }], ...extra },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result[0] as { data: Record<string, unknown>[]; rowcount: number; query: string };
  };
  const scalar = async (sql: string): Promise<number> => {
    const database = await t.ctx.store.db.selectFrom('dbs').selectAll().where('uuid', '=', EXAMPLES_DATABASE_UUID).executeTakeFirstOrThrow();
    const result = await (await getConnection(t.ctx, database)).execute(sql, []);
    return Number(result.rows[0]![0]);
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'lumen-semantics-'));
    t = await createTestApp({ dataDir, config: { examplesEventsRows: 20_000 } });
    await ensureExamples(t.ctx);
    for (const row of await t.ctx.store.db.selectFrom('tables').select(['id', 'table_name']).where('schema', '=', 'main').execute()) {
      ids[row.table_name as string] = row.id as number;
    }
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await closeAllConnections();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('columns without metrics', () => {
    it('group into the distinct combinations when metrics is given, even empty', async () => {
      const groups = await scalar('SELECT COUNT(*) FROM (SELECT DISTINCT gender, state FROM birth_names)');
      const result = await post('birth_names', { columns: ['gender', 'state'], metrics: [] });
      expect(result.rowcount).toBe(groups);
      expect(result.query).toMatch(/GROUP BY/);
      expect(new Set(result.data.map((r) => `${r.gender}|${r.state}`)).size).toBe(groups);
    });

    it('return the rows as stored when metrics is left out (raw mode) or null', async () => {
      const rows = await scalar('SELECT COUNT(*) FROM birth_names');
      for (const metrics of [undefined, null]) {
        const result = await post('birth_names', { columns: ['gender', 'state'], metrics });
        expect(result.rowcount).toBe(rows);
        expect(result.query).not.toMatch(/GROUP BY/);
      }
    });

    it('return raw rows for samples whatever the query says', async () => {
      const result = await post('birth_names', { columns: ['gender'], metrics: [], row_limit: 500 }, { result_type: 'samples' });
      expect(result.rowcount).toBe(500);
      expect(result.query).not.toMatch(/GROUP BY/);
    });
  });

  describe('a daily series with a rolling window of 7 after pivot', () => {
    const dailyCount = (rolling: Record<string, unknown>) =>
      post('events', {
        columns: [{ columnType: 'BASE_AXIS', sqlExpression: 'event_time', label: 'event_time', timeGrain: 'P1D', expressionType: 'SQL' }],
        metrics: ['count'],
        time_range: 'No filter',
        post_processing: [
          { operation: 'pivot', options: { index: ['event_time'], columns: [], aggregates: { count: { operator: 'mean' } }, drop_missing_columns: false } },
          { operation: 'rolling', options: { rolling_type: 'mean', window: 7, columns: { count: 'count' }, ...rolling } },
          { operation: 'flatten' },
        ],
      });

    it('drops the 6 days before the window holds min_periods = 7 observations, as the incumbent', async () => {
      const days = await scalar('SELECT COUNT(DISTINCT CAST(event_time AS DATE)) FROM events');
      expect(days).toBe(731);
      const result = await dailyCount({ min_periods: 7 });
      expect(result.rowcount).toBe(725);
      expect(result.data.every((r) => typeof r.count === 'number')).toBe(true);
    });

    it('keeps every day, the first 6 empty, without min_periods; keeps every day, all filled, with min_periods 1', async () => {
      const unset = await dailyCount({});
      expect(unset.rowcount).toBe(731);
      expect(unset.data.filter((r) => r.count === null)).toHaveLength(6);
      const one = await dailyCount({ min_periods: 1 });
      expect(one.rowcount).toBe(731);
      expect(one.data.every((r) => typeof r.count === 'number')).toBe(true);
    });
  });
});
