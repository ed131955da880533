import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, LumenError, notFound } from '../errors';
import { ensureCanEdit, requirePerm } from '../resources/access';
import type { AnyDb, RequestScope } from '../resources/definition';
import { reportDefinition } from '../resources/definitions/report';
import { loadVisibleRow } from '../resources/load';
import { parseListArgs } from '../resources/query-args';
import type { ExecuteOutcome } from './execute';
import { serializeLog } from './report-model';

type P = { Params: { pk: string }; Querystring: { q?: string } };
type L = { Params: { pk: string; logId: string } };

const LOG_ORDER = ['id', 'scheduled_dttm', 'start_dttm', 'end_dttm', 'state'];
const PK_SCHEMA = { type: 'object', required: ['pk'], properties: { pk: { type: 'string', pattern: '^\\d+$' } } } as const;

/**
 * Report routes beside the generic CRUD: the execution log (GET /api/v1/report/{pk}/log/ and
 * /log/{log_id}) and POST /api/v1/report/{pk}/run, which runs a report now for its owners or an admin.
 */
export function registerReportRoutes(app: FastifyInstance, runNow: (reportId: number) => Promise<ExecuteOutcome>): void {
  const ctx = app.lumen;
  const db = ctx.store.db as unknown as AnyDb;
  const scopeFor = (request: FastifyRequest): RequestScope => ({ ctx, user: requirePerm(request, 'can_read', 'ReportSchedule'), db });

  app.get<P>('/api/v1/report/:pk/log/', { schema: { params: PK_SCHEMA } }, async (request) => {
    const scope = scopeFor(request);
    const row = await loadVisibleRow(reportDefinition, request.params.pk, scope);
    const args = parseListArgs(request.query.q);
    const orderColumn = args.orderColumn ?? 'start_dttm';
    if (!LOG_ORDER.includes(orderColumn)) throw badRequest(`order_column must be one of ${LOG_ORDER.join(', ')}`);
    const pageSize = Math.min(args.pageSize ?? 25, 100);
    const base = ctx.store.db.selectFrom('report_execution_log').where('report_schedule_id', '=', row.id as number);
    const [{ count }, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      base
        .selectAll()
        // Without an explicit order the newest run comes first, as a log is read.
        .orderBy(orderColumn as 'id', args.orderColumn ? args.orderDirection : 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset(args.page * pageSize)
        .execute(),
    ]);
    return { count: Number(count), ids: rows.map((r) => r.id), result: rows.map(serializeLog) };
  });

  app.get<L>('/api/v1/report/:pk/log/:logId', async (request) => {
    const scope = scopeFor(request);
    const row = await loadVisibleRow(reportDefinition, request.params.pk, scope);
    if (!/^\d+$/.test(request.params.logId)) throw notFound('Not found');
    const log = await ctx.store.db
      .selectFrom('report_execution_log')
      .selectAll()
      .where('report_schedule_id', '=', row.id as number)
      .where('id', '=', Number(request.params.logId))
      .executeTakeFirst();
    if (!log) throw notFound('Not found');
    return { id: log.id, result: serializeLog(log) };
  });

  app.post<P>('/api/v1/report/:pk/run', { schema: { params: PK_SCHEMA } }, async (request) => {
    const scope = scopeFor(request);
    const row = await loadVisibleRow(reportDefinition, request.params.pk, scope);
    await ensureCanEdit(db, reportDefinition, row, scope.user);
    const outcome = await runNow(row.id as number);
    if (outcome.kind === 'skipped') throw new LumenError(422, outcome.reason, undefined, outcome.log ? { log: serializeLog(outcome.log) } : undefined);
    return { id: outcome.log.id, result: serializeLog(outcome.log) };
  });
}
