import type { EngineSpec } from '../engines';

/**
 * The compiled SQL with its parameters written in as literals, for 'View query' and result_type 'query'.
 * Display only: execution always binds parameters.
 */
export function renderSqlForDisplay(sql: string, params: unknown[], spec: EngineSpec): string {
  const literal = (value: unknown): string => {
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'number' || typeof value === 'bigint') return String(value);
    if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
    return `'${String(value).replace(/'/g, "''")}'`;
  };
  let index = 0;
  // Placeholders never appear inside string literals we generate; user fragments cannot hold `?` or `$n`
  // outside strings without being SQL errors, so a scan that skips quoted text is exact enough for display.
  let out = '';
  for (let i = 0; i < sql.length; i++) {
    const char = sql[i];
    if (char === "'" || char === '"' || char === '`') {
      const end = sql.indexOf(char, i + 1);
      const stop = end < 0 ? sql.length - 1 : end;
      out += sql.slice(i, stop + 1);
      i = stop;
      continue;
    }
    if (spec.paramStyle === 'qmark' && char === '?') {
      out += literal(params[index++]);
      continue;
    }
    if (spec.paramStyle === 'numeric' && char === '$' && /\d/.test(sql[i + 1] ?? '')) {
      const digits = /^\d+/.exec(sql.slice(i + 1))![0];
      out += literal(params[Number(digits) - 1]);
      i += digits.length;
      continue;
    }
    out += char;
  }
  return formatSql(out);
}

/** Puts each main clause on its own line so the query reads like hand-written SQL. */
function formatSql(sql: string): string {
  return sql.replace(/ (FROM|INNER JOIN|WHERE|GROUP BY|HAVING|ORDER BY|LIMIT) /g, '\n$1 ');
}
