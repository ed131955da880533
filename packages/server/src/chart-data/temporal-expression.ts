/**
 * Numeric and text temporal columns: the SQL that turns a dataset column marked temporal (is_dttm) but
 * stored as a number or text into a timestamp, per engine dialect, before a time grain truncates it and
 * before a time range compares with it.
 *
 * The incumbent reads `python_date_format` for this (the dataset column's "Datetime format"): 'epoch_s' and
 * 'epoch_ms' are converted in SQL by its engine specs (`epoch_to_dttm`), any other strftime format is
 * applied by pandas after the query. Here every case is converted in SQL, so the time grain (DATE_TRUNC
 * would fail on a BIGINT) and the time range filter both see a timestamp, and the result is an instant
 * (epoch ms) rather than a year read as milliseconds.
 *
 * - 'epoch_s' / 'epoch_ms' on any column: seconds or milliseconds since 1970-01-01 UTC.
 * - A strftime format ('%Y', '%Y%m%d', '%d/%m/%Y %H:%M', ...) on a number or text column: parsed with the
 *   engine's own parser (DuckDB strptime, PostgreSQL to_timestamp, MySQL STR_TO_DATE, fixed-width
 *   substrings on SQLite). Values that do not match become NULL, as pandas' `errors="coerce"` does.
 * - A number column without a format: 4-digit values (1000-9999) are years, anything else epoch
 *   milliseconds (what the result encoder has always assumed of numbers in a temporal column).
 * - A text column without a format: cast to a timestamp (ISO text).
 * - A column of a native date/time type, or an unknown type: unchanged.
 */
import type { GenericType } from '../engines';

/** The facts of a dataset column that decide its conversion. */
export interface TemporalColumnFacts {
  /** SQL of the column (quoted name or the column's expression). */
  sql: string;
  /** Generic type of the column's native type; null when unknown. */
  genericType: GenericType | null;
  pythonDateFormat: string | null | undefined;
}

type Token = { kind: 'literal'; text: string } | { kind: 'field'; code: string };

/** Directives every dialect below can parse (python strftime codes). */
const FIELD_CODES = new Set(['Y', 'y', 'm', 'd', 'H', 'I', 'M', 'S', 'f', 'b', 'B', 'p', 'j', 'a', 'A']);

/**
 * Splits a python strftime format into fields and literal text; null for a format this module does not
 * convert (unknown directives, or characters that could not be written safely into a SQL string literal).
 */
export function parseDateFormat(format: string): Token[] | null {
  if (!format || /['\\\u0000-\u001f\u007f]/.test(format)) return null;
  const tokens: Token[] = [];
  for (let i = 0; i < format.length; i++) {
    const ch = format[i]!;
    if (ch !== '%') {
      const last = tokens[tokens.length - 1];
      if (last?.kind === 'literal') last.text += ch;
      else tokens.push({ kind: 'literal', text: ch });
      continue;
    }
    const code = format[++i];
    if (code === '%') {
      tokens.push({ kind: 'literal', text: '%' });
      continue;
    }
    if (!code || !FIELD_CODES.has(code)) return null;
    tokens.push({ kind: 'field', code });
  }
  return tokens.some((t) => t.kind === 'field') ? tokens : null;
}

const sqlString = (text: string) => `'${text}'`;
const hasField = (tokens: Token[], codes: string) => tokens.some((t) => t.kind === 'field' && codes.includes(t.code));

/** The column as text: numbers through an integer (2006.0 must read '2006'), text as it is. */
function asText(engine: string, facts: TemporalColumnFacts): string {
  const textType = engine === 'mysql' ? 'CHAR' : engine === 'duckdb' ? 'VARCHAR' : 'TEXT';
  const intType = engine === 'mysql' ? 'SIGNED' : 'BIGINT';
  if (facts.genericType === 'STRING') return facts.sql;
  if (facts.genericType === 'NUMERIC') return `CAST(CAST(${facts.sql} AS ${intType}) AS ${textType})`;
  return `CAST(${facts.sql} AS ${textType})`;
}

/** Epoch seconds or milliseconds -> a timestamp without time zone, read as UTC. */
function fromEpoch(engine: string, sql: string, unit: 's' | 'ms'): string {
  switch (engine) {
    case 'duckdb':
      return unit === 's' ? `EPOCH_MS(CAST(CAST(${sql} AS DOUBLE) * 1000 AS BIGINT))` : `EPOCH_MS(CAST(${sql} AS BIGINT))`;
    case 'sqlite':
      return unit === 's' ? `DATETIME(${sql}, 'unixepoch')` : `STRFTIME('%Y-%m-%d %H:%M:%f', ${sql} / 1000.0, 'unixepoch')`;
    case 'postgresql':
      return unit === 's' ? `(TIMESTAMP '1970-01-01 00:00:00' + ${sql} * INTERVAL '1 second')` : `(TIMESTAMP '1970-01-01 00:00:00' + ${sql} * INTERVAL '1 millisecond')`;
    case 'mysql':
      // FROM_UNIXTIME follows the session time zone; adding to the epoch literal does not.
      return unit === 's'
        ? `TIMESTAMPADD(MICROSECOND, CAST(${sql} * 1000000 AS SIGNED), TIMESTAMP '1970-01-01 00:00:00')`
        : `TIMESTAMPADD(MICROSECOND, CAST(${sql} * 1000 AS SIGNED), TIMESTAMP '1970-01-01 00:00:00')`;
    default:
      return sql;
  }
}

/** A 4-digit number is a year (January 1st); any other number epoch milliseconds. */
function fromYearOrEpochMs(engine: string, sql: string): string {
  const year = (() => {
    switch (engine) {
      case 'duckdb':
        return `MAKE_TIMESTAMP(CAST(${sql} AS BIGINT), 1, 1, 0, 0, 0)`;
      case 'sqlite':
        return `DATETIME(PRINTF('%04d-01-01 00:00:00', CAST(${sql} AS INTEGER)))`;
      case 'postgresql':
        return `CAST(MAKE_DATE(CAST(${sql} AS INTEGER), 1, 1) AS TIMESTAMP)`;
      case 'mysql':
        return `CAST(MAKEDATE(CAST(${sql} AS SIGNED), 1) AS DATETIME)`;
      default:
        return sql;
    }
  })();
  return `CASE WHEN ${sql} >= 1000 AND ${sql} <= 9999 AND ${sql} = ROUND(${sql}) THEN ${year} ELSE ${fromEpoch(engine, sql, 'ms')} END`;
}

/** Text in ISO form -> a timestamp. */
function fromIsoText(engine: string, sql: string): string {
  switch (engine) {
    case 'duckdb':
      return `TRY_CAST(${sql} AS TIMESTAMP)`;
    case 'postgresql':
      return `CAST(${sql} AS TIMESTAMP)`;
    case 'mysql':
      return `CAST(${sql} AS DATETIME)`;
    default:
      // SQLite's date functions read ISO text as it is.
      return sql;
  }
}

const POSTGRES_CODES: Record<string, string> = { Y: 'YYYY', y: 'YY', m: 'MM', d: 'DD', H: 'HH24', I: 'HH12', M: 'MI', S: 'SS', f: 'US', b: 'Mon', B: 'Month', p: 'AM', j: 'DDD', a: 'Dy', A: 'Day' };
const MYSQL_CODES: Record<string, string> = { Y: '%Y', y: '%y', m: '%m', d: '%d', H: '%H', I: '%h', M: '%i', S: '%s', f: '%f', b: '%b', B: '%M', p: '%p', j: '%j', a: '%a', A: '%W' };
const FIELD_PATTERNS: Record<string, string> = {
  Y: '[0-9]{4}', y: '[0-9]{2}', m: '[0-9]{1,2}', d: '[0-9]{1,2}', H: '[0-9]{1,2}', I: '[0-9]{1,2}', M: '[0-9]{1,2}', S: '[0-9]{1,2}',
  f: '[0-9]{1,6}', b: '[A-Za-z]+', B: '[A-Za-z]+', p: '[AaPp][Mm]', j: '[0-9]{1,3}', a: '[A-Za-z]+', A: '[A-Za-z]+',
};
/** Fixed widths SQLite can cut out with SUBSTR (it has no strptime). */
const SQLITE_WIDTHS: Record<string, number> = { Y: 4, y: 2, m: 2, d: 2, H: 2, M: 2, S: 2 };

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function postgresFormat(tokens: Token[]): string {
  return tokens
    .map((t) => (t.kind === 'field' ? POSTGRES_CODES[t.code] : /[A-Za-z]/.test(t.text) ? `"${t.text.replace(/"/g, '')}"` : t.text))
    .join('');
}

function fromFormat(engine: string, text: string, tokens: Token[], format: string): string {
  switch (engine) {
    case 'duckdb':
      return `TRY_STRPTIME(${text}, ${sqlString(format)})`;
    case 'postgresql': {
      // to_timestamp fails the whole query on a value that does not match; a guard makes it NULL instead.
      const pattern = `^${tokens.map((t) => (t.kind === 'field' ? FIELD_PATTERNS[t.code] : escapeRegex(t.text))).join('')}$`;
      return `CASE WHEN ${text} ~ ${sqlString(pattern)} THEN CAST(TO_TIMESTAMP(${text}, ${sqlString(postgresFormat(tokens))}) AS TIMESTAMP) END`;
    }
    case 'mysql': {
      // STR_TO_DATE('2006', '%Y') is the zero date 2006-00-00: a missing month or day is supplied as 01.
      let value = text;
      let pattern = tokens.map((t) => (t.kind === 'field' ? MYSQL_CODES[t.code] : t.text.replace(/%/g, '%%'))).join('');
      if (!hasField(tokens, 'j')) {
        const missing = [!hasField(tokens, 'mbB') ? '%m' : null, !hasField(tokens, 'd') ? '%d' : null].filter(Boolean);
        if (missing.length) {
          value = `CONCAT(${text}, ${sqlString(missing.map(() => '|01').join(''))})`;
          pattern += missing.map((m) => `|${m}`).join('');
        }
      }
      return `STR_TO_DATE(${value}, ${sqlString(pattern)})`;
    }
    case 'sqlite':
      return sqliteFromFormat(text, tokens);
    default:
      return text;
  }
}

/** SQLite: fixed-width fields cut out of the text and reassembled as ISO text, else the text as it is. */
function sqliteFromFormat(text: string, tokens: Token[]): string {
  if (tokens.some((t) => t.kind === 'field' && !(t.code in SQLITE_WIDTHS))) return `DATETIME(${text})`;
  const parts: Record<string, string> = {};
  let position = 1;
  for (const t of tokens) {
    if (t.kind === 'literal') {
      position += t.text.length;
      continue;
    }
    const width = SQLITE_WIDTHS[t.code]!;
    parts[t.code] = `CAST(SUBSTR(${text}, ${position}, ${width}) AS INTEGER)`;
    position += width;
  }
  const year = parts.Y ?? (parts.y ? `(CASE WHEN ${parts.y} < 69 THEN 2000 + ${parts.y} ELSE 1900 + ${parts.y} END)` : '1970');
  const fields = [year, parts.m ?? '1', parts.d ?? '1', parts.H ?? '0', parts.M ?? '0', parts.S ?? '0'];
  return `CASE WHEN LENGTH(${text}) = ${position - 1} THEN DATETIME(PRINTF('%04d-%02d-%02d %02d:%02d:%02d', ${fields.join(', ')})) END`;
}

/**
 * The timestamp SQL of a temporal column stored as a number or text; null when the column needs no
 * conversion (a native date/time column, or one whose type and format give nothing to convert).
 *
 * @example
 * temporalColumnSql('duckdb', { sql: '"year"', genericType: 'NUMERIC', pythonDateFormat: '%Y' });
 * // "TRY_STRPTIME(CAST(CAST(\"year\" AS BIGINT) AS VARCHAR), '%Y')"
 * temporalColumnSql('postgresql', { sql: '"ts"', genericType: 'NUMERIC', pythonDateFormat: 'epoch_s' });
 * // "(TIMESTAMP '1970-01-01 00:00:00' + \"ts\" * INTERVAL '1 second')"
 */
export function temporalColumnSql(engine: string, facts: TemporalColumnFacts): string | null {
  const format = facts.pythonDateFormat?.trim() || null;
  if (facts.genericType === 'TEMPORAL') return null;
  if (format === 'epoch_s' || format === 'epoch_ms') return fromEpoch(engine, facts.sql, format === 'epoch_s' ? 's' : 'ms');
  if (facts.genericType !== 'NUMERIC' && facts.genericType !== 'STRING') return null;
  const tokens = format ? parseDateFormat(format) : null;
  if (tokens && format) return fromFormat(engine, asText(engine, facts), tokens, format);
  if (facts.genericType === 'NUMERIC') return fromYearOrEpochMs(engine, facts.sql);
  return engine === 'sqlite' ? null : fromIsoText(engine, facts.sql);
}
