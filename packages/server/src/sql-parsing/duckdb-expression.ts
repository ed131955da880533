import { isAllowedFunction, NILADIC_KEYWORDS } from './allowed-functions';
import { duckdbParser } from './duckdb-parser';
import {
  type CheckedExpression,
  columnRefused,
  type ExpressionScope,
  functionRefused,
  inScope,
  invalidExpression,
  notOneExpression,
  sameTree,
  subqueryError,
} from './expression-policy';
import { loadPostgresParser } from './postgres-parser';

/**
 * Checks a user-written expression for DuckDB with DuckDB's own parser (json_serialize_sql): `SELECT <text>`
 * must parse to one statement with one unaliased expression and nothing else, made only of the expression
 * classes below, the dataset's columns and allow-listed functions. What reaches the engine is DuckDB's own
 * regeneration of that tree (json_deserialize_sql), re-parsed and compared with the checked tree, so comments
 * vanish and the engine runs exactly what was checked.
 */
const ALLOWED_CLASSES = new Set(['COLUMN_REF', 'CONSTANT', 'FUNCTION', 'OPERATOR', 'COMPARISON', 'CONJUNCTION', 'CASE', 'CAST', 'BETWEEN', 'WINDOW', 'COLLATE']);
const IGNORED_KEYS = new Set(['query_location']);
/** Operators are FUNCTION nodes with `is_operator` and a symbolic name (`+`, `||`, `~~` for LIKE). */
const OPERATOR_NAME = /^[-+*/%^<>=!~&|@#]+$/;

let baseline: Record<string, unknown> | null = null;

export async function checkDuckdbExpression(fragment: string, scope: ExpressionScope): Promise<CheckedExpression> {
  await refuseComments(fragment, scope);
  const expression = await singleExpression(`SELECT ${fragment}`, fragment, scope);
  walk(expression, fragment, scope);
  const regenerated = await duckdbParser.regenerate(`SELECT ${fragment}`);
  const again = await singleExpression(regenerated, fragment, scope);
  if (!sameTree(again, expression, IGNORED_KEYS) || !regenerated.startsWith('SELECT ')) {
    throw invalidExpression(scope.kind, 'the expression could not be verified by the DuckDB parser', fragment);
  }
  return { sql: regenerated.slice('SELECT '.length) };
}

/**
 * DuckDB's scanner is PostgreSQL's, forked; it has no SQL-level tokenizer, so comments are found with
 * PostgreSQL's. They are refused for a clear message; safety does not rest on it, since the engine only ever
 * receives the regenerated text, in which no comment survives.
 */
async function refuseComments(fragment: string, scope: ExpressionScope): Promise<void> {
  const parser = await loadPostgresParser();
  let tokens: { tokenName: string }[] = [];
  try {
    tokens = parser.scan(fragment);
  } catch {
    return; // unterminated text: DuckDB's own parser names the error next
  }
  if (tokens.some((t) => t.tokenName === 'SQL_COMMENT' || t.tokenName === 'C_COMMENT')) throw invalidExpression(scope.kind, 'comments are not allowed', fragment);
}

async function singleExpression(sql: string, fragment: string, scope: ExpressionScope): Promise<unknown> {
  const parsed = await duckdbParser.serialize(sql);
  if (parsed.error) {
    // json_serialize_sql refuses a script with anything but SELECTs in it before saying anything else.
    const onlySelects = /Only SELECT statements/i.test(parsed.error_message ?? '');
    throw invalidExpression(scope.kind, onlySelects ? 'a second statement is not allowed' : (parsed.error_message ?? 'syntax error'), fragment);
  }
  baseline ??= await baselineSelect();
  const statements = parsed.statements;
  if (statements.length !== 1) throw invalidExpression(scope.kind, 'a second statement is not allowed', fragment);
  const { select_list: list, ...rest } = statements[0]!.node;
  const { select_list: _, ...expected } = baseline;
  if (!sameTree(rest, expected, IGNORED_KEYS)) {
    if (rest.type !== 'SELECT_NODE') throw subqueryError();
    throw notOneExpression(scope.kind, fragment);
  }
  const items = list as Record<string, unknown>[];
  if (items.length !== 1 || items[0]!.alias !== '') throw notOneExpression(scope.kind, fragment);
  return items[0];
}

/** DuckDB's tree of `SELECT 1`: what a select with nothing but one expression looks like. */
async function baselineSelect(): Promise<Record<string, unknown>> {
  const parsed = await duckdbParser.serialize('SELECT 1');
  if (parsed.error) throw new Error(`DuckDB could not parse SELECT 1: ${parsed.error_message}`);
  return parsed.statements[0]!.node;
}

function walk(node: unknown, fragment: string, scope: ExpressionScope): void {
  if (Array.isArray(node)) return node.forEach((item) => walk(item, fragment, scope));
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if (typeof record.class === 'string') checkNode(record, fragment, scope);
  if ('subquery' in record || record.type === 'SELECT_NODE') throw subqueryError();
  Object.values(record).forEach((value) => walk(value, fragment, scope));
}

function checkNode(node: Record<string, unknown>, fragment: string, scope: ExpressionScope): void {
  const kind = node.class as string;
  if (kind === 'SUBQUERY') throw subqueryError();
  if (!ALLOWED_CLASSES.has(kind)) throw invalidExpression(scope.kind, `${kind.toLowerCase().replace(/_/g, ' ')} expressions are not allowed`, fragment);
  if (kind === 'FUNCTION' || kind === 'WINDOW') checkFunction(node, fragment, scope);
  if (kind === 'COLUMN_REF') checkColumn(node.column_names as string[], fragment, scope);
  if (kind === 'CAST') checkCastType(node.cast_type as CastType, fragment, scope);
}

interface CastType {
  id?: string;
  type_info?: { name?: string; catalog?: string; schema?: string } | null;
}

/** The parser leaves type names unbound; only built-in scalar types by name, never catalog or user types. */
const ALLOWED_TYPES = new Set([
  'boolean', 'bool', 'logical', 'tinyint', 'int1', 'smallint', 'int2', 'short', 'integer', 'int4', 'int', 'signed',
  'bigint', 'int8', 'long', 'hugeint', 'int128', 'utinyint', 'usmallint', 'uinteger', 'ubigint', 'uhugeint',
  'float', 'float4', 'real', 'double', 'float8', 'decimal', 'numeric', 'varchar', 'text', 'string', 'char', 'bpchar',
  'date', 'time', 'timetz', 'timestamp', 'datetime', 'timestamptz', 'timestamp with time zone', 'timestamp_s',
  'timestamp_ms', 'timestamp_ns', 'timestamp_us', 'interval', 'uuid', 'json', 'blob', 'bytea',
]);

function checkCastType(type: CastType, fragment: string, scope: ExpressionScope): void {
  const info = type?.type_info;
  const name = type?.id === 'UNBOUND' ? String(info?.name ?? '') : String(type?.id ?? '');
  const qualified = Boolean(info?.catalog) || Boolean(info?.schema);
  if (qualified || !ALLOWED_TYPES.has(name.toLowerCase())) throw invalidExpression(scope.kind, `casting to ${name || 'this type'} is not allowed`, fragment);
}

function checkFunction(node: Record<string, unknown>, fragment: string, scope: ExpressionScope): void {
  const name = String(node.function_name);
  const schema = String(node.schema ?? '');
  const catalog = String(node.catalog ?? '');
  const allowed = node.is_operator === true ? OPERATOR_NAME.test(name) : isAllowedFunction('duckdb', name);
  if (!allowed || catalog !== '' || (schema !== '' && schema !== 'main')) {
    throw functionRefused(scope.kind, [catalog, schema, name].filter(Boolean).join('.'), fragment);
  }
}

/** `x` or a struct field `x.field`; the first part must be a dataset column (or CURRENT_DATE and friends). */
function checkColumn(parts: string[], fragment: string, scope: ExpressionScope): void {
  const first = parts[0] ?? '';
  if (parts.length === 1 && NILADIC_KEYWORDS.has(first.toLowerCase())) return;
  if (!inScope(scope, first)) throw columnRefused(scope.kind, parts.join('.'), fragment);
}
