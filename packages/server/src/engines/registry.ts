import { ErrorType } from '../errors';
import { engineError } from './common';
import { duckdbSpec } from './duckdb';
import { mysqlSpec } from './mysql';
import { postgresqlSpec } from './postgresql';
import { sqliteSpec } from './sqlite';
import type { EngineSpec } from './types';

/** Every engine Lumen connects to, in the order /database/available/ lists them. */
export const ENGINE_SPECS: readonly EngineSpec[] = [postgresqlSpec, mysqlSpec, duckdbSpec, sqliteSpec];

/** Engines offered first in the connect-a-database form. */
export const PREFERRED_ENGINES = new Set(['postgresql', 'mysql', 'duckdb']);

/**
 * The spec for a backend name (`postgresql`, `mysql`, `duckdb`, `sqlite`; aliases `postgres`, `mariadb`).
 *
 * @example
 * getEngineSpec('postgresql').quoteIdentifier('order') // '"order"'
 */
export function getEngineSpec(backend: string): EngineSpec {
  const name = backend.toLowerCase().split('+')[0]!;
  const spec = ENGINE_SPECS.find((candidate) => candidate.engine === name || candidate.schemes.includes(name));
  if (!spec) throw engineError(backend, ErrorType.GENERIC_DB_ENGINE_ERROR, `Could not load database driver: ${backend}`, 400);
  return spec;
}

export function findEngineSpec(backend: string): EngineSpec | null {
  const name = backend.toLowerCase().split('+')[0]!;
  return ENGINE_SPECS.find((candidate) => candidate.engine === name || candidate.schemes.includes(name)) ?? null;
}
