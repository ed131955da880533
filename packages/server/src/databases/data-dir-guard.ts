import { existsSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { LumenConfig } from '../config';
import type { AppContext } from '../context';
import { type ConnectTarget, parseConnectTarget, parseDatabaseUri } from '../engines';
import { badRequest, ErrorType, type LumenError } from '../errors';

/**
 * Database URIs must never reach Lumen's own files: the metadata SQLite file (and its -wal/-shm), the
 * examples DuckDB file, the secret key, anything under the data directory. Opening them as a "database"
 * would expose every user's password hash and session, or worse: a second SQLite library (DuckDB's) in this
 * process closing the metadata file drops SQLite's POSIX locks on it, and another process then deletes the
 * live WAL (acknowledged writes lost after a crash). So a file path is compared after the resolution a
 * driver would do (file: URIs, percent-encoding, relative paths, symlinks) plus what only the file system
 * knows (hard links: same device and inode), and case-insensitively, since some file systems are.
 */

/** The file a file-engine target opens, resolved as the driver would; null for in-memory databases. */
export function resolvedDatabaseFile(database: string | null): string | null {
  if (!database || database.startsWith(':memory:')) return null;
  let path = database;
  if (/^file:/i.test(path)) {
    // SQLite URI filenames: file:path, file:/abs, file:///abs, file://localhost/abs; ?query and #fragment end it.
    path = path.slice('file:'.length).replace(/[?#][\s\S]*$/, '');
    if (path.startsWith('//')) path = path.slice(path.indexOf('/', 2) === -1 ? path.length : path.indexOf('/', 2));
    try {
      path = decodeURIComponent(path);
    } catch {
      // Not percent-encoded: the driver takes it as it is.
    }
    if (path === '' || path.startsWith(':memory:')) return null;
  }
  return realPath(resolve(path));
}

/** realpath of the longest existing prefix (the file itself may not exist yet: DuckDB would create it). */
function realPath(absolute: string): string {
  const missing: string[] = [];
  let current = absolute;
  while (!existsSync(current)) {
    const parent = dirname(current);
    if (parent === current) break;
    missing.unshift(basename(current));
    current = parent;
  }
  let real = current;
  try {
    real = realpathSync.native(current);
  } catch {
    // Unreadable ancestor: compare the lexical path.
  }
  return missing.length ? join(real, ...missing) : real;
}

interface ProtectedFiles {
  /** Resolved data directory: nothing under it may be opened. */
  dataDir: string;
  /** Resolved metadata SQLite file when it lives elsewhere (its -wal, -shm and -journal share the prefix). */
  metadataFile: string | null;
  /** device:inode of each existing protected file, to catch hard links from anywhere. */
  inodes: Set<string>;
}

const inodeOf = (path: string): string | null => {
  try {
    const stat = statSync(path);
    return stat.isFile() ? `${stat.dev}:${stat.ino}` : null;
  } catch {
    return null;
  }
};

function protectedFiles(config: Pick<LumenConfig, 'dataDir' | 'metadataUrl'>): ProtectedFiles {
  const dataDir = realPath(resolve(config.dataDir));
  const metadataTarget = /^sqlite:/i.test(config.metadataUrl) ? parseConnectTarget(config.metadataUrl) : null;
  const metadataFile = resolvedDatabaseFile(metadataTarget?.database ?? null);
  const files = [join(dataDir, 'examples.duckdb'), join(dataDir, 'secret_key')];
  if (metadataFile) files.push(metadataFile, `${metadataFile}-wal`, `${metadataFile}-shm`);
  const inodes = new Set(files.map(inodeOf).filter((inode): inode is string => inode !== null));
  return { dataDir, metadataFile, inodes };
}

const fold = (path: string) => path.toLowerCase();
const within = (path: string, dir: string) => fold(path) === fold(dir) || fold(path).startsWith(fold(dir.endsWith(sep) ? dir : dir + sep));

/** Why a resolved file is one of Lumen's own, or null when it is not. */
export function lumenFileReason(config: Pick<LumenConfig, 'dataDir' | 'metadataUrl'>, file: string): string | null {
  const own = protectedFiles(config);
  if (within(file, own.dataDir)) return `it is inside Lumen's data directory (${own.dataDir})`;
  // The metadata file itself and its companions (-wal, -shm, -journal), not every name it is a prefix of.
  if (own.metadataFile && (fold(file) === fold(own.metadataFile) || fold(file).startsWith(`${fold(own.metadataFile)}-`))) return "it is Lumen's metadata database";
  const inode = inodeOf(file);
  if (inode && own.inodes.has(inode)) return "it is a link to one of Lumen's own files";
  return null;
}

/** The 400 a refused URI answers, naming the file and why. */
function refusal(file: string, reason: string): LumenError {
  const message = `This database URI points at ${file}, which Lumen cannot connect to: ${reason}. Use a database file outside Lumen's data directory.`;
  return badRequest(message, { sqlalchemy_uri: [message] }, ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR);
}

/**
 * Throws a 400 when a connect target (test_connection, validate_parameters) opens one of Lumen's files.
 *
 * @example
 * assertNotLumenFile(ctx.config, parseConnectTarget('duckdb:////srv/lumen/data/lumen.db')); // throws
 */
export function assertNotLumenFile(config: Pick<LumenConfig, 'dataDir' | 'metadataUrl'>, target: Pick<ConnectTarget, 'backend' | 'database'>): void {
  if (target.backend !== 'duckdb' && target.backend !== 'sqlite') return;
  const file = resolvedDatabaseFile(target.database);
  if (!file) return;
  const reason = lumenFileReason(config, file);
  if (reason) throw refusal(file, reason);
}

/**
 * Throws a 400 when a database URI (create, update, import) opens one of Lumen's files. `storedUri` is the
 * URI the database already has: keeping it unchanged is allowed (the examples database lives in the data
 * directory, and editing its name must not fail).
 */
export function assertUriNotLumenFile(config: Pick<LumenConfig, 'dataDir' | 'metadataUrl'>, uri: string, storedUri?: string | null): void {
  const parsed = parseDatabaseUri(uri);
  if (storedUri && parsed.uriWithoutPassword === storedUri) return;
  assertNotLumenFile(config, parseConnectTarget(parsed.uriWithoutPassword));
}

/**
 * test_connection and validate_parameters: refuses a target that opens one of Lumen's files, unless it is
 * the very file the named database already uses (testing the examples database from its edit form).
 */
export async function assertConnectTargetAllowed(ctx: AppContext, target: Pick<ConnectTarget, 'backend' | 'database'>, databaseName: unknown): Promise<void> {
  if (target.backend !== 'duckdb' && target.backend !== 'sqlite') return;
  if (typeof databaseName === 'string' && databaseName) {
    const stored = await ctx.store.db.selectFrom('dbs').select('sqlalchemy_uri').where('database_name', '=', databaseName).executeTakeFirst();
    const storedFile = stored ? resolvedDatabaseFile(parseConnectTarget(stored.sqlalchemy_uri).database) : null;
    if (storedFile && storedFile === resolvedDatabaseFile(target.database)) return;
  }
  assertNotLumenFile(ctx.config, target);
}

/** For bundle imports, which list every problem: the refusal's message, or null (also for unparseable URIs, reported apart). */
export function lumenFileProblem(config: Pick<LumenConfig, 'dataDir' | 'metadataUrl'>, uri: string, storedUri?: string | null): string | null {
  try {
    assertUriNotLumenFile(config, uri, storedUri);
    return null;
  } catch (error) {
    return (error as LumenError).statusCode === 400 && /Lumen cannot connect to/.test((error as Error).message) ? (error as Error).message : null;
  }
}
