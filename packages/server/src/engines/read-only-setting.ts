import { badRequest } from '../errors';
import type { ConnectableDatabase } from './connections';

/**
 * A database connection's run-time role can be made read-only: `"read_only": true` in its extra JSON. Every
 * query on it, SQL Lab included, then runs in a read-only transaction (ExecuteOptions.readOnly), and DuckDB
 * and SQLite files open read-only. (The incumbent has no such field; the name follows its snake_case extra
 * keys such as allows_virtual_table_explore.)
 */
export const READ_ONLY_KEY = 'read_only';

function parseExtra(extra: string): Record<string, unknown> | null {
  try {
    const parsed = JSON.parse(extra) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Whether a stored database is read-only; anything but `true` (or unparsable extra) is not. */
export function isReadOnlyDatabase(database: Pick<ConnectableDatabase, 'extra'>): boolean {
  return !!database.extra && parseExtra(database.extra)?.[READ_ONLY_KEY] === true;
}

/**
 * Refuses an extra JSON (as a create or update stores it) whose read_only is not a boolean, so a typo such
 * as "yes" does not silently leave the connection writable.
 */
export function assertReadOnlySetting(extra: unknown): void {
  if (typeof extra !== 'string' || !extra.trim()) return;
  const value = parseExtra(extra)?.[READ_ONLY_KEY];
  if (value === undefined || typeof value === 'boolean') return;
  const message = `extra.${READ_ONLY_KEY} must be true or false, got ${JSON.stringify(value)}`;
  throw badRequest(message, { extra: [message] });
}
