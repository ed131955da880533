import { badRequest, ErrorType } from '../errors';
import type { ConnectTarget } from './types';

/** Scheme aliases: the backend name stored in dbs.backend for each accepted URI scheme. */
const BACKEND_ALIASES: Record<string, string> = {
  duckdb: 'duckdb',
  sqlite: 'sqlite',
  postgresql: 'postgresql',
  postgres: 'postgresql',
  mysql: 'mysql',
  mariadb: 'mysql',
};
const FILE_BACKENDS = new Set(['duckdb', 'sqlite']);

export const INVALID_URI_MESSAGE =
  'Invalid connection string, a valid string usually follows: backend+driver://user:password@database-host/database-name';

export interface ParsedDatabaseUri {
  /** duckdb, sqlite, postgresql or mysql. */
  backend: string;
  /** Driver after `+` (psycopg2, mysqldb, ...), null when absent. */
  driver: string | null;
  /** The URI with the password removed (what dbs.sqlalchemy_uri stores). */
  uriWithoutPassword: string;
  /** The decoded password, null when the URI has none. */
  password: string | null;
}

const SCHEME_RE = /^([a-zA-Z][a-zA-Z0-9]*)(?:\+([a-zA-Z0-9_]+))?:\/\/(.*)$/s;

function invalid(detail?: string): never {
  throw badRequest(detail ? `${INVALID_URI_MESSAGE} (${detail})` : INVALID_URI_MESSAGE, { sqlalchemy_uri: [INVALID_URI_MESSAGE] }, ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR);
}

function splitScheme(uri: string): { scheme: string; backend: string; driver: string | null; rest: string } {
  const match = SCHEME_RE.exec(uri.trim());
  if (!match) invalid();
  const scheme = match[1]!.toLowerCase();
  const backend = BACKEND_ALIASES[scheme];
  if (!backend) invalid(`unsupported backend '${scheme}'; supported: duckdb, sqlite, postgresql, mysql`);
  return { scheme, backend, driver: match[2] ?? null, rest: match[3]! };
}

function parseQuery(text: string): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(text)) query[key] = value;
  return query;
}

/**
 * Splits a SQLAlchemy-style URI into backend, password and the URI without its password.
 * File engines: `duckdb:///relative.db`, `duckdb:////abs/path.db`, `sqlite:///:memory:`. Network engines:
 * `postgresql+psycopg2://user:pass@host:5432/db?sslmode=require`, `mysql://user@host/db`.
 * Throws a 400 LumenError with the incumbent's "Invalid connection string" message when unparseable.
 *
 * @example
 * parseDatabaseUri('postgresql://bob:s3cret@db:5432/sales')
 * // {backend: 'postgresql', driver: null, uriWithoutPassword: 'postgresql://bob@db:5432/sales', password: 's3cret'}
 */
export function parseDatabaseUri(uri: string): ParsedDatabaseUri {
  if (typeof uri !== 'string' || !uri.trim()) invalid();
  const trimmed = uri.trim();
  const { backend, driver, rest } = splitScheme(trimmed);
  if (FILE_BACKENDS.has(backend)) {
    return { backend, driver, uriWithoutPassword: trimmed, password: null };
  }
  const authorityEnd = rest.search(/[/?]/);
  const authority = authorityEnd === -1 ? rest : rest.slice(0, authorityEnd);
  const atIndex = authority.lastIndexOf('@');
  if (atIndex === -1) return { backend, driver, uriWithoutPassword: trimmed, password: null };
  const userinfo = authority.slice(0, atIndex);
  const colon = userinfo.indexOf(':');
  if (colon === -1) return { backend, driver, uriWithoutPassword: trimmed, password: null };
  let password: string;
  try {
    password = decodeURIComponent(userinfo.slice(colon + 1));
  } catch {
    invalid('the password is not URL-encoded');
  }
  const prefix = trimmed.slice(0, trimmed.length - rest.length);
  const withoutPassword = `${prefix}${userinfo.slice(0, colon)}${rest.slice(atIndex)}`;
  return { backend, driver, uriWithoutPassword: withoutPassword, password };
}

/** Masks the password of a URI for display (`XXXXXXXXXX`, as the incumbent does). */
export function maskUriPassword(uri: string): string {
  return uri.replace(/^([^:]+:\/\/[^:/@?]*):[^@/?]*@/, '$1:XXXXXXXXXX@');
}

/**
 * Parses a URI (with or without its password) into what a driver needs; `password` overrides the URI's.
 *
 * @example
 * parseConnectTarget('mysql+mysqldb://root@127.0.0.1:3306/test', null).port // 3306
 */
export function parseConnectTarget(uri: string, password?: string | null): ConnectTarget {
  const { backend, driver, rest } = splitScheme(uri);
  const [beforeQuery, queryText = ''] = splitOnce(rest, '?');
  const query = parseQuery(queryText);
  if (FILE_BACKENDS.has(backend)) {
    // SQLAlchemy: `sqlite://` is in-memory, `sqlite:///x.db` relative, `sqlite:////abs/x.db` absolute.
    let database = beforeQuery === '' ? ':memory:' : beforeQuery.startsWith('/') ? beforeQuery.slice(1) : beforeQuery;
    if (database === '') database = ':memory:';
    try {
      database = decodeURIComponent(database);
    } catch {
      invalid('the path is not URL-encoded');
    }
    return { backend, driver, host: null, port: null, username: null, password: null, database, query };
  }
  const slash = beforeQuery.indexOf('/');
  const authority = slash === -1 ? beforeQuery : beforeQuery.slice(0, slash);
  const path = slash === -1 ? '' : beforeQuery.slice(slash + 1);
  const atIndex = authority.lastIndexOf('@');
  const userinfo = atIndex === -1 ? '' : authority.slice(0, atIndex);
  const hostport = atIndex === -1 ? authority : authority.slice(atIndex + 1);
  const [rawUser, rawPassword] = userinfo ? splitOnce(userinfo, ':') : ['', undefined];
  let host = hostport;
  let port: number | null = null;
  const ipv6 = /^\[(.*)\](?::(\d+))?$/.exec(hostport);
  if (ipv6) {
    host = ipv6[1]!;
    port = ipv6[2] ? Number(ipv6[2]) : null;
  } else if (hostport.includes(':')) {
    const [h, p] = splitOnce(hostport, ':');
    host = h;
    if (!/^\d+$/.test(p ?? '')) invalid(`port '${p}' is not a number`);
    port = Number(p);
  }
  const decode = (value: string): string => {
    try {
      return decodeURIComponent(value);
    } catch {
      return invalid('the URI is not URL-encoded');
    }
  };
  return {
    backend,
    driver,
    host: host ? decode(host) : null,
    port,
    username: rawUser ? decode(rawUser) : null,
    password: password ?? (rawPassword !== undefined ? decode(rawPassword) : null),
    database: path ? decode(path) : null,
    query,
  };
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const index = text.indexOf(separator);
  return index === -1 ? [text, undefined] : [text.slice(0, index), text.slice(index + separator.length)];
}
