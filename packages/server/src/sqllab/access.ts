import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { ErrorType, LumenError } from '../errors';
import { toBool } from '../metadata/connect';
import type { DatabaseRow } from '../metadata/schema';
import { type CurrentUser, hasPermission } from '../security/current-user';
import { requireUser } from '../security/guards';
import type { AnyDb } from '../resources/definition';
import {
  ALL_DATABASE_ACCESS,
  ALL_DATASOURCE_ACCESS,
  canAccessWholeDatabase,
  DATABASE_ACCESS,
  dataAccessOf,
  databasePermissionView,
} from '../security/data-access';
import { databaseReachable } from '../security/data-access-sql';
import { guestSqlLabDatabaseIds } from '../embedding/guest-sqllab';

/**
 * Who may use SQL Lab and on which databases. SQL Lab needs `can_sqllab` on Superset (admins hold every
 * pair); with it, a user may query the databases exposed in SQL Lab that their data access covers (spec 3
 * §6; security/data-access.ts). A guest reaches SQL Lab only through a token that grants it on named
 * databases (resources of type `sqllab`, embedding/guest-sqllab.ts), and there only reads: no DML, no
 * CTAS/CVAS, no asynchronous runs, no saved tabs or queries.
 */
export const sqlLabDenied = (message = 'You do not have permission to use SQL Lab.') =>
  new LumenError(403, message, ErrorType.DATABASE_SECURITY_ACCESS_ERROR);

export const databaseNotFoundError = () =>
  new LumenError(
    404,
    'The database referenced in this query was not found. Please contact an administrator for further assistance or try again.',
    ErrorType.DATABASE_NOT_FOUND_ERROR,
  );

/**
 * Route config for the SQL Lab calls a guest with a SQL Lab grant makes (execute, bootstrap, format, estimate,
 * validate, schema and table browsing). The security plugin refuses guest tokens on every other API route.
 */
export const GUEST_WITH_SQLLAB_GRANT = { allowGuest: true } as const;

export function requireSqlLab(request: FastifyRequest): CurrentUser {
  const user = requireUser(request);
  if (user.guest ? guestSqlLabDatabaseIds(user).length === 0 : !hasPermission(user, 'can_sqllab', 'Superset')) throw sqlLabDenied();
  return user;
}

/** Routes a guest never uses (results are answered inline, tabs and saved queries are not kept for guests). */
export function requireSqlLabMember(request: FastifyRequest): CurrentUser {
  const user = requireSqlLab(request);
  if (user.guest) throw sqlLabDenied('Guests run SQL without saved tabs, saved queries or stored results.');
  return user;
}

/**
 * The database row as a guest may use it: read-only whatever the connection allows, so the DML guard refuses
 * writes, CTAS and CVAS, and nothing runs asynchronously.
 */
export const readOnlyForGuest = (row: DatabaseRow, user: CurrentUser): DatabaseRow =>
  user.guest ? { ...row, allow_dml: 0, allow_ctas: 0, allow_cvas: 0, allow_run_async: 0 } : row;

/**
 * The database a SQL Lab call names, when it exists, is exposed in SQL Lab and the user holds database-level
 * access to it; 404/403 otherwise. Free SQL can name any table of the database, so a schema or dataset grant
 * is not enough (the incumbent checks each referenced table instead; Lumen asks for the database grant). A
 * database the user may not see at all answers the same 404 as a missing one, so ids cannot be probed.
 */
export async function loadSqlLabDatabase(ctx: AppContext, rawId: unknown, user: CurrentUser): Promise<DatabaseRow> {
  const id = typeof rawId === 'number' ? rawId : Number(rawId);
  if (!Number.isInteger(id) || id <= 0) throw databaseNotFoundError();
  const row = await ctx.store.db.selectFrom('dbs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw databaseNotFoundError();
  if (user.guest) {
    if (!guestSqlLabDatabaseIds(user).includes(row.id) || !toBool(row.expose_in_sqllab)) throw databaseNotFoundError();
    return readOnlyForGuest(row, user);
  }
  const access = dataAccessOf(user);
  if (!canAccessWholeDatabase(access, row.id)) {
    if (!(await databaseReachable(ctx.store.db as AnyDb, access, row.id))) throw databaseNotFoundError();
    const pair = `${DATABASE_ACCESS} on ${databasePermissionView(row.database_name, row.id)}`;
    throw new LumenError(403, `You need ${pair}, ${ALL_DATABASE_ACCESS} or ${ALL_DATASOURCE_ACCESS} to run SQL on the database ${row.database_name}.`, ErrorType.DATABASE_SECURITY_ACCESS_ERROR, {
      database_id: row.id,
      permission: pair,
      link: `/request_access/?database_id=${row.id}`,
    });
  }
  if (!toBool(row.expose_in_sqllab)) throw sqlLabDenied(`The database ${row.database_name} is not exposed in SQL Lab.`);
  return row;
}
