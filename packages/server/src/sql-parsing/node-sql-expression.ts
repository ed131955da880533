import nodeSqlParser from 'node-sql-parser';
import { isAllowedFunction, NILADIC_KEYWORDS } from './allowed-functions';
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

/**
 * Checks a user-written expression for MariaDB/MySQL and SQLite, whose own parsers are not available to
 * Node, with node-sql-parser's grammar for that dialect. Its lexer is not the engine's, so three rules keep
 * the two from disagreeing about where a string, identifier or comment ends:
 * - no backslash anywhere (MariaDB reads it as an escape inside '…' and "…"; nobody needs one in an
 *   expression: CHAR(92) spells it);
 * - no MariaDB executable comment (`/*!`, `/*M!`), which MariaDB runs as code;
 * - the engine never receives the user's text, only node-sql-parser's regeneration of the checked tree
 *   (other comments vanish), and that regeneration must parse back to the same tree.
 */
type Dialect = 'mysql' | 'sqlite';
const DATABASE: Record<Dialect, string> = { mysql: 'mariadb', sqlite: 'sqlite' };
/**
 * The printer for the regenerated text. node-sql-parser's SQLite printer quotes columns as "x", which its
 * own SQLite grammar then reads back as a string; its MariaDB printer's `x` is an identifier to both, and
 * SQLite accepts backtick-quoted identifiers, so SQLite text is printed the MariaDB way.
 */
const PRINTER: Record<Dialect, string> = { mysql: 'mariadb', sqlite: 'mariadb' };

const ALLOWED_TYPES = new Set([
  'column_ref', 'number', 'single_quote_string', 'double_quote_string', 'natural_string', 'hex_string',
  'full_hex_string', 'bit_string', 'bool', 'null', 'binary_expr', 'unary_expr', 'aggr_func', 'function', 'case',
  'when', 'else', 'cast', 'expr_list', 'interval', 'extract', 'collate', 'star', 'window', 'ESCAPE',
]);
const IGNORED_KEYS = new Set(['loc']);

const parser = new nodeSqlParser.Parser();
const baselines = new Map<Dialect, Record<string, unknown>>();

export async function checkNodeSqlExpression(dialect: Dialect, fragment: string, scope: ExpressionScope): Promise<CheckedExpression> {
  if (fragment.includes('\\')) throw invalidExpression(scope.kind, 'backslashes are not allowed (use CHAR(92) for one)', fragment);
  if (/\/\*[M]?!/i.test(fragment)) throw invalidExpression(scope.kind, 'executable comments (/*! … */) are not allowed', fragment);
  const expression = singleExpression(dialect, `SELECT ${fragment}`, fragment, scope);
  if (containsSubquery(expression)) throw subqueryError();
  walk(expression, fragment, scope, dialect);
  const regenerated = parser.sqlify(statementOf(dialect, `SELECT ${fragment}`, fragment, scope) as never, { database: PRINTER[dialect] });
  const again = singleExpression(dialect, regenerated, fragment, scope);
  if (!sameTree(normaliseOrder(again), normaliseOrder(expression), IGNORED_KEYS) || !regenerated.startsWith('SELECT ')) {
    throw invalidExpression(scope.kind, 'the expression could not be verified by the SQL parser', fragment);
  }
  return { sql: regenerated.slice('SELECT '.length) };
}

function statementOf(dialect: Dialect, sql: string, fragment: string, scope: ExpressionScope): Record<string, unknown> {
  let ast;
  try {
    ast = parser.astify(sql, { database: DATABASE[dialect] });
  } catch (error) {
    throw invalidExpression(scope.kind, firstLine((error as Error).message), fragment);
  }
  const statements = Array.isArray(ast) ? ast : [ast];
  if (statements.length !== 1) throw invalidExpression(scope.kind, 'a second statement is not allowed', fragment);
  return statements[0] as unknown as Record<string, unknown>;
}

function singleExpression(dialect: Dialect, sql: string, fragment: string, scope: ExpressionScope): unknown {
  const statement = statementOf(dialect, sql, fragment, scope);
  if (!baselines.has(dialect)) baselines.set(dialect, statementOf(dialect, 'SELECT 1', 'SELECT 1', scope));
  const { columns, ...rest } = statement;
  const { columns: _, ...expected } = baselines.get(dialect)!;
  if (!sameTree(rest, expected, IGNORED_KEYS)) throw notOneExpression(scope.kind, fragment);
  const items = columns as { expr: unknown; as: unknown }[];
  if (!Array.isArray(items) || items.length !== 1 || items[0]!.as) throw notOneExpression(scope.kind, fragment);
  return items[0]!.expr;
}

function walk(node: unknown, fragment: string, scope: ExpressionScope, dialect: Dialect, parent?: Record<string, unknown>): void {
  if (Array.isArray(node)) return node.forEach((item) => walk(item, fragment, scope, dialect, parent));
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if ('ast' in record || record.type === 'select') throw subqueryError();
  if (typeof record.type === 'string') checkNode(record, fragment, scope, dialect, parent);
  for (const [key, value] of Object.entries(record)) {
    if (key === 'name' && (record.type === 'function' || record.type === 'aggr_func')) continue;
    walk(value, fragment, scope, dialect, typeof record.type === 'string' ? record : parent);
  }
}

function checkNode(node: Record<string, unknown>, fragment: string, scope: ExpressionScope, dialect: Dialect, parent?: Record<string, unknown>): void {
  const type = node.type as string;
  if (type === 'var' || type === 'assign') throw invalidExpression(scope.kind, 'variables are not allowed', fragment);
  if (!ALLOWED_TYPES.has(type)) throw invalidExpression(scope.kind, `${type.replace(/_/g, ' ')} is not allowed in an expression`, fragment);
  if (type === 'function' || type === 'aggr_func') checkFunction(node, fragment, scope, dialect);
  if (type === 'column_ref') checkColumn(node, fragment, scope);
  if (type === 'star' && !(parent?.type === 'aggr_func' && String(parent.name).toUpperCase() === 'COUNT')) {
    throw invalidExpression(scope.kind, '* is only allowed in COUNT(*)', fragment);
  }
}

function checkFunction(node: Record<string, unknown>, fragment: string, scope: ExpressionScope, dialect: Dialect): void {
  const parts = functionName(node.name);
  const name = parts.join('.');
  if (parts.length !== 1 || !(isAllowedFunction(dialect, parts[0]!) || NILADIC_KEYWORDS.has(parts[0]!.toLowerCase()))) {
    throw functionRefused(scope.kind, name, fragment);
  }
}

/** `SUM` for aggregates; `{ name: [{ value: 'DATE' }] }` for functions (one part per dotted name). */
function functionName(name: unknown): string[] {
  if (typeof name === 'string') return [name];
  const list = (name as { name?: { value?: unknown }[] })?.name;
  if (!Array.isArray(list)) return ['\u0000'];
  return list.map((part) => (typeof part?.value === 'string' ? part.value : '\u0000'));
}

function checkColumn(node: Record<string, unknown>, fragment: string, scope: ExpressionScope): void {
  const column = typeof node.column === 'string' ? node.column : (node.column as { expr?: { value?: unknown } })?.expr?.value;
  if (node.table || typeof column !== 'string') throw invalidExpression(scope.kind, 'qualified column names and * are not allowed', fragment);
  if (!inScope(scope, column)) throw columnRefused(scope.kind, column, fragment);
}

function containsSubquery(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(containsSubquery);
  if (!node || typeof node !== 'object') return false;
  const record = node as Record<string, unknown>;
  return 'ast' in record || record.type === 'select' || Object.values(record).some(containsSubquery);
}

/** The printer spells out ASC where the user left the direction implicit; both mean the same order. */
function normaliseOrder(tree: unknown): unknown {
  return JSON.parse(JSON.stringify(tree), function (this: Record<string, unknown>, key, value) {
    if (key === 'type' && value === null && 'expr' in this && !('column' in this)) return 'ASC';
    return value;
  });
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.slice(0, 200);
}
