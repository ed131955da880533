import type { AppContext } from '../context';
import { LumenError } from '../errors';
import type { CurrentUser } from '../security/current-user';
import { loadUser } from '../security/load-user';
import { DEFAULT_REPORT_EXECUTORS, describeExecutors, executorCandidates } from './report-executors';
import type { LoadedReport } from './report-model';

/**
 * The user a report runs as: the first of the configured executors (`reports.executors`, default the
 * creator) that is an existing, active user. Owners the creator added never lend their rights to the report.
 */
export async function reportExecutor(ctx: Pick<AppContext, 'store' | 'config'>, report: LoadedReport): Promise<CurrentUser> {
  const executors = ctx.config.reports.executors ?? DEFAULT_REPORT_EXECUTORS;
  const candidates = await executorCandidates(executors, {
    creatorId: report.row.created_by_fk,
    modifierId: report.row.changed_by_fk,
    ownerIds: report.ownerIds,
    userIdOf: async (username) => {
      const row = await ctx.store.db.selectFrom('ab_user').select('id').where('username', '=', username).executeTakeFirst();
      return row?.id ?? null;
    },
  });
  for (const id of candidates) {
    const user = await loadUser(ctx, id);
    if (user) return user;
  }
  throw new LumenError(422, `The report has no active user to run as (executors: ${describeExecutors(executors)})`);
}
