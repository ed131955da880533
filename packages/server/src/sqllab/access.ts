import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { ErrorType, LumenError } from '../errors';
import { toBool } from '../metadata/connect';
import type { DatabaseRow } from '../metadata/schema';
import { type CurrentUser, hasPermission } from '../security/current-user';
import { requireUser } from '../security/guards';

/**
 * Who may use SQL Lab and on which databases. SQL Lab needs `can_sqllab` on Superset (admins hold every
 * pair); with it, a user may query every database exposed in SQL Lab (spec 3 §6). Guest tokens never reach
 * SQL Lab: they grant dashboards, not databases.
 */
export const sqlLabDenied = (message = 'You do not have permission to use SQL Lab.') =>
  new LumenError(403, message, ErrorType.DATABASE_SECURITY_ACCESS_ERROR);

export const databaseNotFoundError = () =>
  new LumenError(
    404,
    'The database referenced in this query was not found. Please contact an administrator for further assistance or try again.',
    ErrorType.DATABASE_NOT_FOUND_ERROR,
  );

export function requireSqlLab(request: FastifyRequest): CurrentUser {
  const user = requireUser(request);
  if (user.guest || !hasPermission(user, 'can_sqllab', 'Superset')) throw sqlLabDenied();
  return user;
}

/** The database a SQL Lab call names, when it exists and is exposed in SQL Lab; 404/403 otherwise. */
export async function loadSqlLabDatabase(ctx: AppContext, rawId: unknown): Promise<DatabaseRow> {
  const id = typeof rawId === 'number' ? rawId : Number(rawId);
  if (!Number.isInteger(id) || id <= 0) throw databaseNotFoundError();
  const row = await ctx.store.db.selectFrom('dbs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw databaseNotFoundError();
  if (!toBool(row.expose_in_sqllab)) throw sqlLabDenied(`The database ${row.database_name} is not exposed in SQL Lab.`);
  return row;
}
