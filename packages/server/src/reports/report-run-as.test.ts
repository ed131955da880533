import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { closeAllConnections } from '../engines';
import { nowIso } from '../metadata/connect';
import { client } from '../resources/test-support';
import { createTestApp, DATA_READER_ROLE, METADATA_DIALECTS, type TestApp, type TestUser } from '../testing/harness';
import { executeReport } from './execute';
import type { ReportContent } from './report-content';
import { parseReportExecutors, type ReportExecutor } from './report-executors';

/**
 * A report runs with its creator's rights (or a configured executor's), never with those of an owner the
 * creator added: a Gamma user who adds an Admin as owner still gets only the Gamma view of the data.
 */
describe.each(METADATA_DIALECTS)('who a report runs as (%s metadata)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let chartId: number;
  let gammaReporter: TestUser;
  let chartOnlyReporter: TestUser;

  /** A role with the pairs given, for users that may write reports without Alpha's rights. */
  const addRole = async (name: string, pairs: [string, string][]) => {
    const { db } = t.ctx.store;
    const role = await db.insertInto('ab_role').values({ name }).returning('id').executeTakeFirstOrThrow();
    for (const [permission, view] of pairs) {
      const pv = await db.selectFrom('ab_permission_view').select('id').where('permission', '=', permission).where('view_menu', '=', view).executeTakeFirstOrThrow();
      await db.insertInto('ab_permission_view_role').values({ permission_view_id: pv.id, role_id: role.id }).execute();
    }
  };

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    api = client(t);
    await addRole('ReportWriter', [['can_read', 'ReportSchedule'], ['can_write', 'ReportSchedule']]);
    await addRole('ChartViewer', [['can_read', 'Chart'], ['can_read', 'Dashboard']]);
    gammaReporter = await t.addUser('gamma_reporter', ['Gamma', 'ReportWriter', DATA_READER_ROLE]);
    chartOnlyReporter = await t.addUser('chart_only_reporter', ['ChartViewer', 'ReportWriter', DATA_READER_ROLE]);

    const database = await api.post('/api/v1/database/', { database_name: 'run_as_db', sqlalchemy_uri: 'sqlite:///:memory:' });
    const dataset = await api.post('/api/v1/dataset/', {
      database: database.body.id,
      table_name: 'v_sales',
      sql: "SELECT 'north' AS region, 10 AS sales UNION ALL SELECT 'south', 25",
    });
    expect((await api.put(`/api/v1/dataset/${dataset.body.id}/refresh`, {})).status).toBe(200);
    const queryContext = {
      datasource: { id: dataset.body.id, type: 'table' },
      queries: [{ columns: ['region', 'sales'], metrics: [], orderby: [['sales', false]], row_limit: 100 }],
      result_format: 'json',
      result_type: 'full',
    };
    const chart = await api.post('/api/v1/chart/', {
      slice_name: 'Sales',
      viz_type: 'table',
      datasource_id: dataset.body.id,
      datasource_type: 'table',
      query_context: JSON.stringify(queryContext),
    });
    chartId = chart.body.id;

    // Gamma users only see the north region of this dataset; admins see everything.
    const { db } = t.ctx.store;
    const now = nowIso();
    const rule = await db
      .insertInto('row_level_security_filters')
      .values({ name: 'gamma-north', description: null, filter_type: 'Regular', group_key: null, clause: "region = 'north'", created_on: now, changed_on: now, created_by_fk: null, changed_by_fk: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const gammaRole = await db.selectFrom('ab_role').select('id').where('name', '=', 'Gamma').executeTakeFirstOrThrow();
    await db.insertInto('rls_filter_roles').values({ rls_filter_id: rule.id, role_id: gammaRole.id }).execute();
    await db.insertInto('rls_filter_tables').values({ rls_filter_id: rule.id, table_id: dataset.body.id }).execute();
  });
  afterAll(async () => {
    await closeAllConnections();
    await t?.close();
  });

  /** Creates a CSV report as `creator` with the Admin added as a second owner. */
  const reportBy = async (creator: TestUser): Promise<number> => {
    const res = await api.post(
      '/api/v1/report/',
      { type: 'Report', name: `by-${creator.username}-${Math.random().toString(36).slice(2, 6)}`, crontab: '0 8 * * *', chart: chartId, creation_method: 'charts', report_format: 'CSV', owners: [creator.id, t.users.admin.id] },
      creator.username,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.result.owners).toEqual(expect.arrayContaining([creator.id, t.users.admin.id]));
    return res.body.id as number;
  };

  /** Runs the report with the given executors and returns the CSV it produced (delivery is skipped). */
  const runReport = async (id: number, executors?: ReportExecutor[]) => {
    const ctx = executors ? { ...t.ctx, config: { ...t.ctx.config, reports: { ...t.ctx.config.reports, executors } } } : t.ctx;
    let produced: ReportContent | null = null;
    const outcome = await executeReport(
      { ctx, renderer: () => { throw new Error('no renderer in this test'); }, renderUrl: () => null, run: async (content) => void (produced = await content()) },
      id,
      { scheduledAt: new Date() },
    );
    expect(outcome.kind).toBe('ran');
    const log = outcome.kind === 'ran' ? outcome.log : null;
    const csv = (produced as ReportContent | null)?.files[0]?.data.toString('utf8') ?? null;
    return { state: log?.state, error: log?.error_message ?? null, csv };
  };

  it('runs with the Gamma creator’s RLS although an Admin is an owner', async () => {
    const id = await reportBy(gammaReporter);
    const run = await runReport(id);
    expect(run.error).toBeNull();
    expect(run.csv).toBe('region,sales\r\nnorth,10\r\n');
  });

  it('fails when the creator cannot read the dataset, even though the Admin owner could', async () => {
    const id = await reportBy(chartOnlyReporter);
    const run = await runReport(id);
    expect(run.state).toBe('Error');
    expect(run.error).toBe('You do not have access to this datasource');
    expect(run.csv).toBeNull();
  });

  it('runs as a fixed user when the executors name one', async () => {
    const id = await reportBy(gammaReporter);
    const run = await runReport(id, [{ kind: 'user', username: 'admin' }]);
    expect(run.csv).toBe('region,sales\r\nsouth,25\r\nnorth,10\r\n');
  });

  it('takes the next executor when one does not apply, and fails naming the list when none does', async () => {
    const id = await reportBy(gammaReporter);
    // The last modifier (the creator) is an owner: modifier_owner applies.
    expect((await runReport(id, [{ kind: 'user', username: 'nobody' }, { kind: 'modifier_owner' }])).csv).toBe('region,sales\r\nnorth,10\r\n');
    // Once the creator is no longer an owner, creator_owner does not apply, nor does an unknown fixed user.
    await api.put(`/api/v1/report/${id}`, { owners: [t.users.admin.id] });
    const none = await runReport(id, [{ kind: 'creator_owner' }, { kind: 'user', username: 'nobody' }]);
    expect(none.state).toBe('Error');
    expect(none.error).toBe('The report has no active user to run as (executors: creator_owner, user:nobody)');
  });

  it('with modifier first, an owner who edits an Admin’s report gets the report run with their own rights', async () => {
    const created = await api.post('/api/v1/report/', { type: 'Report', name: 'by-admin', crontab: '0 8 * * *', chart: chartId, creation_method: 'charts', report_format: 'CSV', owners: [t.users.admin.id, gammaReporter.id] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const executors: ReportExecutor[] = [{ kind: 'modifier' }, { kind: 'creator' }];
    expect((await runReport(created.body.id, executors)).csv).toBe('region,sales\r\nsouth,25\r\nnorth,10\r\n');
    const edited = await api.put(`/api/v1/report/${created.body.id}`, { description: 'edited by the gamma owner' }, gammaReporter.username);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await runReport(created.body.id, executors)).csv).toBe('region,sales\r\nnorth,10\r\n');
    // With the default (creator) it still runs as the Admin who created it.
    expect((await runReport(created.body.id)).csv).toBe('region,sales\r\nsouth,25\r\nnorth,10\r\n');
  });

  it('parses the executors setting and refuses a plain owner', () => {
    expect(parseReportExecutors(undefined)).toEqual([{ kind: 'creator' }]);
    expect(parseReportExecutors('creator_owner, user:reports')).toEqual([{ kind: 'creator_owner' }, { kind: 'user', username: 'reports' }]);
    expect(parseReportExecutors(['modifier', 'creator'])).toEqual([{ kind: 'modifier' }, { kind: 'creator' }]);
    expect(() => parseReportExecutors('creator,owner')).toThrow(/'owner' is not allowed/);
    expect(() => parseReportExecutors('boss')).toThrow(/unknown report executor "boss"/);
    expect(loadConfig({ LUMEN_REPORTS_EXECUTORS: 'user:svc' }).reports.executors).toEqual([{ kind: 'user', username: 'svc' }]);
    expect(() => loadConfig({ LUMEN_REPORTS_EXECUTORS: 'owner' })).toThrow(/LUMEN_REPORTS_EXECUTORS: 'owner' is not allowed/);
  });
});
