import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { badRequest, ErrorType, forbidden, LumenError } from '../errors';
import type { DatabaseRow } from '../metadata/schema';
import { decodeQ } from '../resources/query-args';
import type { RisonValue } from '../rison';
import { requirePermission } from '../security/guards';
import type { CurrentUser } from '../security/current-user';
import { guestSqlLabDatabaseIds } from '../embedding/guest-sqllab';

export const databaseNotFound = () => new LumenError(404, 'Database not found.', ErrorType.DATABASE_NOT_FOUND_ERROR);

/** The user if they may read databases (can_read on Database, or admin); guests never may. */
export function requireDatabaseRead(request: FastifyRequest): CurrentUser {
  const user = requirePermission(request, 'can_read', 'Database');
  if (user.guest) throw forbidden('You do not have the permission can_read on Database', ErrorType.DATABASE_SECURITY_ACCESS_ERROR);
  return user;
}

/**
 * The user if they may browse a database's schemas and tables: a database reader, or a guest whose token
 * grants SQL Lab (which databases it may browse is checked by loadBrowsableDatabase).
 */
export function requireDatabaseBrowse(request: FastifyRequest): CurrentUser {
  const user = request.user;
  if (user?.guest && guestSqlLabDatabaseIds(user).length > 0) return user;
  return requireDatabaseRead(request);
}

/** The dbs row for a path id, or 404 (non-integer ids are 404 too, as the incumbent's int converter). */
export async function loadDatabase(ctx: AppContext, rawId: unknown): Promise<DatabaseRow> {
  const id = Number(rawId);
  if (!Number.isInteger(id) || id <= 0 || String(rawId).trim() !== String(id)) throw databaseNotFound();
  const row = await ctx.store.db.selectFrom('dbs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw databaseNotFound();
  return row;
}

type Kind = 'string' | 'boolean';

/** Decodes a rison `q` object with only the given keys and types; anything else is a 400 naming it. */
export function parseObjectQ(q: unknown, keys: Record<string, Kind>): Record<string, string | boolean | undefined> {
  if (q !== undefined && typeof q !== 'string') throw badRequest("Query parameter 'q' must be a string");
  const value: RisonValue = decodeQ(q as string | undefined);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest(`Query parameter 'q' must be a rison object, e.g. (${Object.keys(keys).map((k) => `${k}:...`).join(',')})`);
  }
  const out: Record<string, string | boolean | undefined> = {};
  for (const [key, raw] of Object.entries(value)) {
    const kind = keys[key];
    if (!kind) throw badRequest(`Unknown key '${key}' in 'q'; allowed: ${Object.keys(keys).join(', ')}`);
    if (raw === null) continue;
    if (kind === 'boolean' && typeof raw !== 'boolean') throw badRequest(`'${key}' must be a boolean (!t or !f)`);
    if (kind === 'string' && typeof raw !== 'string') throw badRequest(`'${key}' must be a string`);
    out[key] = raw as string | boolean;
  }
  return out;
}
