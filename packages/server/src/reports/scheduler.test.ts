import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, seedDataset } from '../resources/test-support';
import { createTestApp, type TestApp } from '../testing/harness';
import { executeReport, type ExecuteDeps, TIMED_OUT } from './execute';
import { LocalLeaderLock, RedisLeaderLock } from './leader-lock';
import { ReportScheduler } from './scheduler';

const REDIS_URL = process.env.LUMEN_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const at = (iso: string) => new Date(iso);

describe('report scheduler and executor', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let chartId: number;

  beforeAll(async () => {
    t = await createTestApp({ config: { reports: { schedulerEnabled: false, tickSeconds: 30, renderUrl: null, publicUrl: null, chromiumPath: '/usr/bin/chromium', webhookTimeoutSeconds: 5 } } });
    api = client(t);
    const { datasetId } = await seedDataset(t);
    chartId = (await api.post('/api/v1/chart/', { slice_name: 'c', viz_type: 'table', datasource_id: datasetId, datasource_type: 'table' }, 'alpha')).body.id;
  });
  afterAll(async () => t?.close());

  const newReport = async (extra: Record<string, unknown> = {}) => {
    const res = await api.post(
      '/api/v1/report/',
      {
        type: 'Report',
        name: `s-${randomBytes(4).toString('hex')}`,
        crontab: '0 9 * * *',
        timezone: 'Europe/Paris',
        chart: chartId,
        creation_method: 'charts',
        report_format: 'CSV',
        recipients: [{ type: 'Email', recipient_config_json: { target: 'a@example.org' } }],
        ...extra,
      },
      'alpha',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id as number;
    // Created well before the slots the tests use.
    await t.ctx.store.db.updateTable('report_schedule').set({ created_on: '2025-01-01T00:00:00.000Z' }).where('id', '=', id).execute();
    return id;
  };
  const deactivateAll = () => t.ctx.store.db.updateTable('report_schedule').set({ active: 0 }).execute();

  it('elects one leader on Redis: of two schedulers only one executes, once per slot', async () => {
    await deactivateAll();
    const id = await newReport();
    const key = `lumen-test:${randomBytes(4).toString('hex')}:reports:leader`;
    const now = () => at('2025-01-06T08:00:10Z');
    const runs: { scheduler: string; id: number; slot: string }[] = [];
    const make = (name: string) =>
      new ReportScheduler({
        ctx: t.ctx,
        lock: new RedisLeaderLock(REDIS_URL, key, 5000),
        tickMs: 1000,
        now,
        execute: async (reportId, slot) => {
          runs.push({ scheduler: name, id: reportId, slot: slot.toISOString() });
        },
      });
    const a = make('a');
    const b = make('b');
    try {
      await Promise.all([a.tick(), b.tick()]);
      await Promise.all([a.tick(), b.tick()]);
      expect([a.leader, b.leader].filter(Boolean)).toHaveLength(1);
      expect(runs).toEqual([{ scheduler: a.leader ? 'a' : 'b', id, slot: '2025-01-06T08:00:00.000Z' }]);
      const stored = await t.ctx.store.db.selectFrom('report_schedule').select('last_eval_dttm').where('id', '=', id).executeTakeFirstOrThrow();
      expect(stored.last_eval_dttm).toBe('2025-01-06T08:00:00.000Z');

      // The leader stops (releasing the lock): the other one takes over at its next tick.
      const [leader, follower] = a.leader ? [a, b] : [b, a];
      await leader.stop();
      await follower.tick();
      expect(follower.leader).toBe(true);
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it('without Redis the single process leads; inactive reports and alerts are skipped', async () => {
    await deactivateAll();
    const due = await newReport();
    const inactive = await newReport({ active: false });
    const seen: number[] = [];
    let clock = at('2025-01-06T07:59:00Z');
    const scheduler = new ReportScheduler({ ctx: t.ctx, lock: new LocalLeaderLock(), tickMs: 1000, now: () => clock, execute: async (reportId) => void seen.push(reportId) });
    expect(await scheduler.tick()).toEqual([]);
    clock = at('2025-01-06T08:00:05Z');
    expect(await scheduler.tick()).toEqual([due]);
    clock = at('2025-01-06T08:00:35Z');
    expect(await scheduler.tick()).toEqual([]);
    clock = at('2025-01-07T08:00:01Z');
    expect(await scheduler.tick()).toEqual([due]);
    await scheduler.stop();
    expect(seen).toEqual([due, due]);
    expect(seen).not.toContain(inactive);
  });

  const deps = (run: ExecuteDeps['run'], now?: () => Date): ExecuteDeps => ({
    ctx: t.ctx,
    renderer: () => {
      throw new Error('no renderer in this test');
    },
    renderUrl: () => null,
    run,
    now,
  });

  it('goes Working -> Success and logs the slot, start and end', async () => {
    const id = await newReport();
    let stateDuring = '';
    const outcome = await executeReport(
      deps(async () => {
        stateDuring = (await t.ctx.store.db.selectFrom('report_schedule').select('last_state').where('id', '=', id).executeTakeFirstOrThrow()).last_state;
      }),
      id,
      { scheduledAt: at('2025-01-06T08:00:00Z') },
    );
    expect(stateDuring).toBe('Working');
    expect(outcome.kind).toBe('ran');
    if (outcome.kind !== 'ran') return;
    expect(outcome.log).toMatchObject({ state: 'Success', scheduled_dttm: '2025-01-06T08:00:00.000Z', error_message: null });
    expect(outcome.log.end_dttm).not.toBeNull();
  });

  it('abandons an execution after working_timeout with "Report execution timed out"', async () => {
    const id = await newReport({ working_timeout: 1 });
    const started = Date.now();
    const outcome = await executeReport(deps(() => new Promise((resolve) => setTimeout(resolve, 5000))), id, { scheduledAt: new Date() });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(outcome.kind === 'ran' && outcome.log).toMatchObject({ state: 'Error', error_message: TIMED_OUT });
    const report = (await api.get(`/api/v1/report/${id}`, 'alpha')).body.result;
    expect(report.last_state).toBe('Error');
  });

  it('does not re-send while the previous execution is Working within grace; a stale one times out', async () => {
    const id = await newReport({ grace_period: 600, working_timeout: 3600 });
    const { db } = t.ctx.store;
    const insertWorking = (start: string) =>
      db
        .insertInto('report_execution_log')
        .values({ uuid: randomBytes(8).toString('hex'), report_schedule_id: id, scheduled_dttm: start, start_dttm: start, end_dttm: null, value: null, value_row_json: null, state: 'Working', error_message: null })
        .returning('id')
        .executeTakeFirstOrThrow();
    const working = await insertWorking('2025-01-06T08:00:00.000Z');
    let sent = 0;
    const run = async () => void sent++;
    const skipped = await executeReport(deps(run, () => at('2025-01-06T08:05:00Z')), id, { scheduledAt: at('2025-01-06T08:05:00Z') });
    expect(skipped.kind).toBe('skipped');
    expect(sent).toBe(0);
    // Two hours later the Working row is older than working_timeout (1 h): it is marked timed out and this one runs.
    const later = await executeReport(deps(run, () => at('2025-01-06T10:00:00Z')), id, { scheduledAt: at('2025-01-06T10:00:00Z') });
    expect(later.kind).toBe('ran');
    expect(sent).toBe(1);
    const stale = await db.selectFrom('report_execution_log').selectAll().where('id', '=', working.id).executeTakeFirstOrThrow();
    expect(stale).toMatchObject({ state: 'Error', error_message: TIMED_OUT });
  });

  it('removes log rows older than log_retention days', async () => {
    const id = await newReport({ log_retention: 7 });
    const { db } = t.ctx.store;
    for (const day of ['2025-01-01', '2025-01-05', '2025-01-09']) {
      await db
        .insertInto('report_execution_log')
        .values({ uuid: randomBytes(8).toString('hex'), report_schedule_id: id, scheduled_dttm: `${day}T08:00:00.000Z`, start_dttm: `${day}T08:00:00.000Z`, end_dttm: `${day}T08:00:01.000Z`, value: null, value_row_json: null, state: 'Success', error_message: null })
        .execute();
    }
    await executeReport(deps(async () => undefined, () => at('2025-01-10T08:00:00Z')), id, { scheduledAt: at('2025-01-10T08:00:00Z') });
    const left = await db.selectFrom('report_execution_log').select('scheduled_dttm').where('report_schedule_id', '=', id).orderBy('scheduled_dttm').execute();
    expect(left.map((r) => r.scheduled_dttm.slice(0, 10))).toEqual(['2025-01-05', '2025-01-09', '2025-01-10']);
  });
});
