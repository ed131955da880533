import { existsSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { ErrorType } from '../errors';
import { engineError } from './common';

/**
 * Which database library holds each database file open in this process. Two libraries must never open the
 * same file: SQLite and DuckDB both lock with POSIX fcntl locks, which belong to the process, and closing any
 * descriptor of a file drops all of the process's locks on it. DuckDB opening a SQLite file (even only to
 * read its header and refuse it) would release better-sqlite3's locks, after which another process takes
 * itself for the last connection and checkpoints and deletes the live WAL; SQLite opening a DuckDB file
 * would release DuckDB's write lock. The metadata store registers its SQLite file here too.
 */
export type FileLibrary = 'duckdb' | 'sqlite';

const holders = new Map<string, { library: FileLibrary; count: number }>();

const LIBRARY_NAMES: Record<FileLibrary, string> = { duckdb: 'DuckDB', sqlite: 'SQLite' };

/** The key of a file: its real path when it exists (symlinks and relative paths resolved). */
function fileKey(path: string): string {
  const absolute = resolve(path);
  try {
    return existsSync(absolute) ? realpathSync.native(absolute) : absolute;
  } catch {
    return absolute;
  }
}

/**
 * Records that `library` opens `path` and returns the release function; throws a 422 naming the file when
 * the other library holds it open in this process. In-memory databases are never held.
 *
 * @example
 * const release = holdDatabaseFile('sqlite', '/srv/data/sales.db');
 * // … open and use it …
 * release();
 */
export function holdDatabaseFile(library: FileLibrary, path: string): () => void {
  if (!path || path.startsWith(':memory:')) return () => undefined;
  const key = fileKey(path);
  const holder = holders.get(key);
  if (holder && holder.library !== library) {
    throw engineError(
      LIBRARY_NAMES[library],
      ErrorType.CONNECTION_DATABASE_PERMISSIONS_ERROR,
      `${key} is open in Lumen as a ${LIBRARY_NAMES[holder.library]} database; ${LIBRARY_NAMES[library]} cannot open it too (it would release ${LIBRARY_NAMES[holder.library]}'s locks on the file). Connect to it with a ${holder.library}:// URI.`,
    );
  }
  if (holder) holder.count += 1;
  else holders.set(key, { library, count: 1 });
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const current = holders.get(key);
    if (!current) return;
    current.count -= 1;
    if (current.count <= 0) holders.delete(key);
  };
}
