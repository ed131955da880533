/**
 * Which CodeMirror SQL dialect highlights and completes a database's SQL, by its backend. Kept apart from
 * the CodeMirror code so it can be decided (and tested) without loading the editor chunk.
 */
export type SqlDialectName = 'postgresql' | 'mysql' | 'sqlite' | 'standard';

/**
 * @example
 * dialectForBackend('duckdb'); // 'postgresql' (DuckDB's SQL follows PostgreSQL's)
 */
export function dialectForBackend(backend: string | null | undefined): SqlDialectName {
  switch ((backend ?? '').toLowerCase()) {
    case 'duckdb':
    case 'postgresql':
    case 'postgres':
      return 'postgresql';
    case 'mysql':
    case 'mariadb':
      return 'mysql';
    case 'sqlite':
      return 'sqlite';
    default:
      return 'standard';
  }
}
