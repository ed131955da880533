// node-sql-parser is CommonJS: Node's ESM loader (the built `lumen`) offers only its default export.
import nodeSqlParser from 'node-sql-parser';
import { type TreeNode, walkTree } from '../sql-parsing/walk';
import { MARIADB_DENIED, MUTATING_FUNCTIONS } from './denied-functions';
import { mariadbCodeText } from './mariadb-code-text';
import type { StatementKind } from './statements';
import { constructRefusal, functionRefusal, type Refusal, refused, unparsedRefusal, type Verdict } from './verdict';

const { Parser } = nodeSqlParser;

/**
 * MariaDB statements. node-sql-parser's grammar decides the kind (only what it proves read-only is
 * read-only), but its lexer is not MariaDB's: MariaDB runs the text of /*! … *\/ and /*M! … *\/ comments,
 * reads backslash escapes inside '…' and "…" (unless sql_mode says otherwise), and starts comments with #.
 * So the refusals do not trust any single lexer: executable comments are refused wherever they appear in
 * the raw text, and the other words are looked for in mariadbCodeText, which keeps every character any of
 * MariaDB's lexical modes could read as code. A word inside string data is not refused; a word MariaDB
 * could run always is. Identifiers are code: a column named `server` is refused too.
 */
const EXECUTABLE_COMMENT = /\/\*M?!/i;

const CODE_REFUSALS: [RegExp, string][] = [
  [/\b(outfile|dumpfile)\b/i, 'INTO OUTFILE / DUMPFILE'],
  [/\binfile\b/i, 'LOAD DATA INFILE'],
  [/\b(prepare|execute)\b/i, 'PREPARE / EXECUTE (SQL run from a string)'],
  [/\b(soname|plugin)\b/i, 'INSTALL PLUGIN / SONAME'],
  [/\b(connect|federated|federatedx|spider)\b/i, 'A table engine that reads files or other servers'],
  [/\bserver\b/i, 'CREATE SERVER'],
  // Server-wide settings: the general and slow query logs can be pointed at any file and then written.
  [/\bglobal\b/i, 'Changing global server settings'],
  [/\b(general_log|general_log_file|slow_query_log|slow_query_log_file|plugin_dir)\b/i, 'Changing the server logs'],
  [/\bdirectory\b/i, 'DATA/INDEX DIRECTORY'],
  [/\bbinlog\b/i, 'BINLOG'],
  [/\bmaster_host\b/i, 'CHANGE MASTER'],
  // A multi-byte character set (GBK, SJIS, BIG5 ...) whose trailing byte can be a backslash would make
  // MariaDB lex later statements of the pooled session unlike any mode mariadbCodeText considers.
  [/\bcharacter_set_(client|connection)\b/i, 'Changing the connection character set'],
  [/^\s*set\b[\s\S]*\b(names|charset|character)\b/i, 'Changing the connection character set'],
];

const DENIED_WORD = new RegExp(`\\b(${[...MARIADB_DENIED].join('|')})\\b`, 'i');
const MUTATING_WORD = new RegExp(`\\b(${[...MUTATING_FUNCTIONS].join('|')})\\b`, 'i');

const KINDS: Record<string, StatementKind> = {
  select: 'select', show: 'read', desc: 'read', explain: 'read',
  insert: 'dml', replace: 'dml', update: 'dml', delete: 'dml', call: 'dml', lock: 'dml', unlock: 'dml',
  create: 'ddl', drop: 'ddl', alter: 'ddl', truncate: 'ddl', rename: 'ddl', grant: 'ddl', revoke: 'ddl',
  set: 'session', use: 'session', transaction: 'session',
};

const parser = new Parser();

/** The first refusal found in a statement's or a whole script's text (see guard.ts), lexer-independent. */
export function rawRefusal(text: string): Refusal | null {
  const comment = EXECUTABLE_COMMENT.exec(text);
  if (comment) return constructRefusal('A MariaDB executable comment (/*! … */ or /*M! … */)', comment.index, comment[0].length);
  const code = mariadbCodeText(text);
  const denied = DENIED_WORD.exec(code);
  if (denied) return functionRefusal(denied[1]!.toLowerCase(), denied.index);
  for (const [pattern, construct] of CODE_REFUSALS) {
    const hit = pattern.exec(code);
    if (hit) return constructRefusal(construct, hit.index, hit[0].length);
  }
  return null;
}

/** A function node's name in node-sql-parser's tree (`{name: {name: [{value: 'load_file'}]}}`). */
function functionName(node: TreeNode): string {
  const parts = ((node.name as TreeNode | undefined)?.name ?? []) as { value?: unknown }[];
  return String(parts[parts.length - 1]?.value ?? node.name ?? '').toLowerCase();
}

/** The verdict the parser's tree gives: kind, writes hidden in a SELECT, refused functions and INTO targets. */
function classifyTree(ast: TreeNode): Verdict {
  const kind = KINDS[String(ast.type)] ?? 'other';
  let refusal: Refusal | null = null;
  let writes = false;
  walkTree(ast, (node, key) => {
    if (node.type === 'function') {
      const name = functionName(node);
      if (MARIADB_DENIED.has(name)) refusal ??= functionRefusal(name);
      if (MUTATING_FUNCTIONS.has(name)) writes = true;
    }
    if (key === 'into' && node.position) {
      if (/^(OUTFILE|DUMPFILE)$/i.test(String(node.keyword ?? ''))) refusal ??= constructRefusal('INTO OUTFILE / DUMPFILE');
      writes = true; // SELECT ... INTO @variable or a table
    }
    if (KINDS[String(node.type)] === 'dml' || KINDS[String(node.type)] === 'ddl') writes = true;
  });
  const readOnly = (kind === 'select' || kind === 'read') && !writes;
  return { kind: readOnly || kind !== 'select' ? kind : 'dml', mutating: !readOnly, refusal };
}

/** Statements that never write, whatever follows the first word (EXPLAIN shows a plan, it does not run it). */
const READ_HEADS = new Set(['SHOW', 'DESCRIBE', 'DESC', 'EXPLAIN']);

/**
 * MariaDB syntax the parser does not know (SHOW VARIABLES LIKE …, SHOW TABLE STATUS …): read-only when its
 * first word says so — read from the code text, where only leading comments can precede it — otherwise
 * nothing proves it read-only and it needs allow_dml.
 */
function unparsedVerdict(text: string): Verdict {
  const head = /^\s*([A-Za-z]+)/.exec(mariadbCodeText(text))?.[1]?.toUpperCase() ?? '';
  return READ_HEADS.has(head) ? { kind: 'read', mutating: false, refusal: null } : { kind: 'other', mutating: true, refusal: null };
}

export function classifyMariadb(text: string): Verdict {
  const raw = rawRefusal(text);
  if (raw) return refused(raw);
  let ast: TreeNode | TreeNode[];
  try {
    ast = parser.astify(text, { database: 'mariadb' }) as unknown as TreeNode | TreeNode[];
  } catch {
    return unparsedVerdict(text);
  }
  const list = Array.isArray(ast) ? ast : [ast];
  if (list.length !== 1) return refused(unparsedRefusal(`the parser reads ${list.length} statements in it`));
  const verdict = classifyTree(list[0]!);
  // A side-effect function the parser took for text inside a string is still a write to MariaDB.
  return MUTATING_WORD.test(mariadbCodeText(text)) && !verdict.mutating ? { ...verdict, kind: 'dml', mutating: true } : verdict;
}
