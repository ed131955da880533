import { isAllowedFunction } from './allowed-functions';
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
import { loadPostgresParser, type PostgresParser } from './postgres-parser';

/**
 * Checks a user-written expression for PostgreSQL with PostgreSQL's own parser: the text must be exactly one
 * expression (`SELECT <text>` parses to one target and nothing else), contain no comment or `;` as
 * PostgreSQL's scanner reads it, and its tree may hold only the node types below, columns of the dataset,
 * allow-listed functions and plain types. Quoted or unicode-escaped names reach us already decoded
 * (`U&"pg_read_fil\0065"` is `pg_read_file` in the tree), so they cannot slip past the allow-list.
 */
const ALLOWED_NODES = new Set([
  'A_Expr', 'BoolExpr', 'NullTest', 'BooleanTest', 'A_Const', 'ColumnRef', 'String', 'Integer', 'Float', 'Boolean',
  'FuncCall', 'CaseExpr', 'CaseWhen', 'TypeCast', 'CoalesceExpr', 'MinMaxExpr', 'SQLValueFunction', 'List',
  'A_ArrayExpr', 'CollateClause', 'SortBy', 'WindowDef', 'NullIfExpr',
]);

const ALLOWED_TYPES = new Set([
  'int2', 'int4', 'int8', 'smallint', 'integer', 'int', 'bigint', 'float4', 'float8', 'real', 'numeric', 'decimal',
  'text', 'varchar', 'bpchar', 'char', 'bool', 'boolean', 'date', 'time', 'timetz', 'timestamp', 'timestamptz',
  'interval', 'json', 'jsonb', 'uuid',
]);

/** CURRENT_DATE and friends; CURRENT_USER and the other user/role functions would disclose the login. */
const ALLOWED_VALUE_FUNCTIONS = /^SVFOP_(CURRENT_DATE|CURRENT_TIME|CURRENT_TIME_N|CURRENT_TIMESTAMP|CURRENT_TIMESTAMP_N|LOCALTIME|LOCALTIME_N|LOCALTIMESTAMP|LOCALTIMESTAMP_N)$/;

const LOCATION_KEYS = new Set(['location', 'stmt_len', 'stmt_location']);

let baseline: unknown = null;

export async function checkPostgresExpression(fragment: string, scope: ExpressionScope): Promise<CheckedExpression> {
  const parser = await loadPostgresParser();
  assertNoCommentOrSemicolon(parser, fragment, scope);
  const expression = singleExpression(parser, fragment, scope);
  walk(expression, fragment, scope);
  return { sql: fragment };
}

function assertNoCommentOrSemicolon(parser: PostgresParser, fragment: string, scope: ExpressionScope): void {
  let tokens;
  try {
    tokens = parser.scan(fragment);
  } catch {
    // The scanner's own error text does not survive the wasm boundary; the parser's does.
    throw invalidExpression(scope.kind, parseErrorOf(parser, fragment), fragment);
  }
  for (const token of tokens) {
    if (token.tokenName === 'SQL_COMMENT' || token.tokenName === 'C_COMMENT') throw invalidExpression(scope.kind, 'comments are not allowed', fragment);
    if (token.text === ';') throw invalidExpression(scope.kind, 'a second statement (;) is not allowed', fragment);
  }
}

function parseErrorOf(parser: PostgresParser, fragment: string): string {
  try {
    parser.parse(`SELECT ${fragment}`);
  } catch (error) {
    return (error as Error).message;
  }
  return 'the expression could not be read';
}

/** The one target expression of `SELECT <fragment>`, or an error when the text is anything more. */
function singleExpression(parser: PostgresParser, fragment: string, scope: ExpressionScope): unknown {
  let result;
  try {
    result = parser.parse(`SELECT ${fragment}`);
  } catch (error) {
    throw invalidExpression(scope.kind, (error as Error).message, fragment);
  }
  baseline ??= (parser.parse('SELECT 1').stmts![0]!.stmt as { SelectStmt: Record<string, unknown> }).SelectStmt;
  const statements = result.stmts ?? [];
  if (statements.length !== 1) throw invalidExpression(scope.kind, 'a second statement is not allowed', fragment);
  const select = (statements[0]!.stmt as { SelectStmt?: Record<string, unknown> }).SelectStmt;
  if (!select) throw notOneExpression(scope.kind, fragment);
  const { targetList, ...rest } = select;
  const { targetList: _, ...expected } = baseline as Record<string, unknown>;
  if (!sameTree(rest, expected, LOCATION_KEYS)) {
    if (rest.op && rest.op !== 'SETOP_NONE') throw subqueryError();
    throw notOneExpression(scope.kind, fragment);
  }
  const targets = targetList as { ResTarget: Record<string, unknown> }[];
  if (targets.length !== 1) throw notOneExpression(scope.kind, fragment);
  const { val, location: __, ...extra } = targets[0]!.ResTarget;
  if (Object.keys(extra).length) throw notOneExpression(scope.kind, fragment);
  return val;
}

function walk(node: unknown, fragment: string, scope: ExpressionScope): void {
  if (Array.isArray(node)) return node.forEach((item) => walk(item, fragment, scope));
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (/^[A-Z]/.test(key) && value && typeof value === 'object') checkNode(key, value as Record<string, unknown>, fragment, scope);
    walk(value, fragment, scope);
  }
}

function checkNode(type: string, node: Record<string, unknown>, fragment: string, scope: ExpressionScope): void {
  if (type === 'SubLink' || type === 'SelectStmt') throw subqueryError();
  if (!ALLOWED_NODES.has(type)) throw invalidExpression(scope.kind, `${describeNode(type)} is not allowed in an expression`, fragment);
  if (type === 'FuncCall') checkFunction(names(node.funcname), fragment, scope);
  if (type === 'ColumnRef') checkColumn(node.fields as unknown[], fragment, scope);
  if (type === 'TypeCast') checkType(names((node.typeName as { names?: unknown[] }).names), fragment, scope);
  if (type === 'SQLValueFunction' && !ALLOWED_VALUE_FUNCTIONS.test(String(node.op))) {
    throw invalidExpression(scope.kind, `${String(node.op).replace('SVFOP_', '')} is not allowed`, fragment);
  }
}

function names(list: unknown): string[] {
  return ((list as { String?: { sval: string } }[]) ?? []).map((item) => item.String?.sval ?? '\u0000');
}

function checkFunction(parts: string[], fragment: string, scope: ExpressionScope): void {
  const name = parts[parts.length - 1]!;
  const schemaOk = parts.length === 1 || (parts.length === 2 && parts[0] === 'pg_catalog');
  if (!schemaOk || !isAllowedFunction('postgresql', name)) throw functionRefused(scope.kind, parts.join('.'), fragment);
}

function checkColumn(fields: unknown[], fragment: string, scope: ExpressionScope): void {
  const parts = names(fields);
  if (parts.length !== 1 || parts[0] === '\u0000') throw invalidExpression(scope.kind, 'qualified column names and * are not allowed', fragment);
  if (!inScope(scope, parts[0]!)) throw columnRefused(scope.kind, parts[0]!, fragment);
}

function checkType(parts: string[], fragment: string, scope: ExpressionScope): void {
  const name = parts[parts.length - 1]!;
  const schemaOk = parts.length === 1 || (parts.length === 2 && parts[0] === 'pg_catalog');
  if (!schemaOk || !ALLOWED_TYPES.has(name.toLowerCase())) throw invalidExpression(scope.kind, `casting to ${parts.join('.')} is not allowed`, fragment);
}

function describeNode(type: string): string {
  if (type === 'ParamRef') return 'a parameter placeholder';
  return `the construct ${type}`;
}
