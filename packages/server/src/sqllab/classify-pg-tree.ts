import { charOffset, type TreeNode, walkTree } from '../sql-parsing/walk';
import { DUCKDB_SECURITY_SETTINGS, MUTATING_FUNCTIONS, POSTGRESQL_IDENTITY_SETTINGS } from './denied-functions';
import type { StatementKind } from './statements';
import { constructRefusal, functionRefusal, type Refusal, type Verdict } from './verdict';

/**
 * Classifies one statement of a libpg-query parse tree (PostgreSQL's own grammar; DuckDB's grammar derives
 * from it, so the same tree serves DuckDB statements PostgreSQL's parser can read). Names in the tree are
 * already resolved by the parser: quotes removed, U&"…" escapes decoded, case folded.
 */
export type PgDialect = 'postgresql' | 'duckdb';

/** Statement types refused on every database, whatever allow_dml says, with the construct they name. */
const REFUSED_STATEMENTS: Record<string, string> = {
  CopyStmt: 'COPY',
  DoStmt: 'A DO block (code run from a string)',
  CreateFunctionStmt: 'CREATE FUNCTION/PROCEDURE (code run from a string)',
  LoadStmt: 'LOAD',
  CreateExtensionStmt: 'CREATE EXTENSION',
  AlterExtensionStmt: 'ALTER EXTENSION',
  AlterExtensionContentsStmt: 'ALTER EXTENSION',
  CreateFdwStmt: 'CREATE FOREIGN DATA WRAPPER',
  AlterFdwStmt: 'ALTER FOREIGN DATA WRAPPER',
  CreateForeignServerStmt: 'CREATE SERVER',
  AlterForeignServerStmt: 'ALTER SERVER',
  CreateForeignTableStmt: 'CREATE FOREIGN TABLE',
  CreateUserMappingStmt: 'CREATE USER MAPPING',
  AlterUserMappingStmt: 'ALTER USER MAPPING',
  ImportForeignSchemaStmt: 'IMPORT FOREIGN SCHEMA',
  AlterSystemStmt: 'ALTER SYSTEM',
  CreatePLangStmt: 'CREATE LANGUAGE',
  CreateEventTrigStmt: 'CREATE EVENT TRIGGER',
  CreateTransformStmt: 'CREATE TRANSFORM',
  CreateSubscriptionStmt: 'CREATE SUBSCRIPTION',
  AlterSubscriptionStmt: 'ALTER SUBSCRIPTION',
};

const WRITE_NODES = new Set(['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt']);
const DML_STATEMENTS = new Set([...WRITE_NODES, 'CallStmt', 'ExecuteStmt', 'LockStmt']);
const SESSION_STATEMENTS = new Set([
  'VariableSetStmt', 'TransactionStmt', 'PrepareStmt', 'DeallocateStmt', 'DiscardStmt', 'ListenStmt', 'UnlistenStmt',
  'NotifyStmt', 'DeclareCursorStmt', 'FetchStmt', 'ClosePortalStmt', 'ConstraintsSetStmt',
]);
const DDL_STATEMENTS = new Set([
  'TruncateStmt', 'RenameStmt', 'CommentStmt', 'GrantStmt', 'GrantRoleStmt', 'VacuumStmt', 'ClusterStmt', 'ReindexStmt',
  'RefreshMatViewStmt', 'IndexStmt', 'ViewStmt', 'DefineStmt', 'RuleStmt', 'SecLabelStmt', 'ReassignOwnedStmt',
  'CheckPointStmt', 'CompositeTypeStmt', 'DropOwnedStmt', 'DropRoleStmt', 'DropdbStmt',
]);

/** A DuckDB table name that its replacement scans would read as a file (`FROM 'data.csv'`). */
export const PATH_LIKE = /[/\\:]|\.(csv|tsv|txt|parquet|json|jsonl|ndjson|gz|zst|bz2|xz|db|duckdb|ddb|sqlite|sqlite3|xlsx|arrow|avro|orc|ipc)$/i;

const lastName = (names: unknown): string => {
  const list = Array.isArray(names) ? names : [];
  const last = list[list.length - 1] as { String?: { sval?: string } } | undefined;
  return (last?.String?.sval ?? '').toLowerCase();
};

function kindOf(type: string): StatementKind {
  if (type === 'SelectStmt') return 'select';
  if (type === 'VariableShowStmt' || type === 'ExplainStmt') return 'read';
  if (DML_STATEMENTS.has(type)) return 'dml';
  if (SESSION_STATEMENTS.has(type)) return 'session';
  if (DDL_STATEMENTS.has(type) || /^(Create|Alter|Drop)/.test(type)) return 'ddl';
  return 'other';
}

/** The first refused function, setting or construct in the statement's tree, or null. */
function findRefusal(type: string, body: TreeNode, text: string, dialect: PgDialect, denied: Set<string>): Refusal | null {
  let refusal: Refusal | null = null;
  walkTree(body, (node, key) => {
    if (refusal || key === null) return;
    if (REFUSED_STATEMENTS[key]) refusal = constructRefusal(REFUSED_STATEMENTS[key]!);
    else if (key === 'FuncCall') {
      const name = lastName(node.funcname);
      if (denied.has(name)) refusal = functionRefusal(name, charOffset(text, Number(node.location ?? 0)));
    } else if (key === 'String' && dialect === 'postgresql' && denied.has(String(node.sval ?? '').toLowerCase())) {
      // Any identifier, not only call syntax: PostgreSQL calls f(x) for the attribute notation (x).f, and DDL
      // names functions outside calls (CREATE OPERATOR ... PROCEDURE = f, CREATE CAST ... WITH FUNCTION f).
      refusal = functionRefusal(String(node.sval).toLowerCase());
    } else if (key === 'RangeVar' && dialect === 'duckdb' && PATH_LIKE.test(String(node.relname ?? ''))) {
      refusal = constructRefusal(`Reading the file ${String(node.relname)}`, charOffset(text, Number(node.location ?? 0)));
    } else if (key === 'VariableSetStmt' || key === 'setstmt') {
      // `setstmt` is the unwrapped SET inside ALTER ROLE/DATABASE ... SET.
      refusal = settingRefusal(node, dialect);
    }
  });
  if (!refusal && REFUSED_STATEMENTS[type]) refusal = constructRefusal(REFUSED_STATEMENTS[type]!);
  return refusal;
}

function settingRefusal(node: TreeNode, dialect: PgDialect): Refusal | null {
  const name = String(node.name ?? '').toLowerCase();
  const forbidden = dialect === 'duckdb' ? DUCKDB_SECURITY_SETTINGS : POSTGRESQL_IDENTITY_SETTINGS;
  return forbidden.has(name) ? constructRefusal(`Changing the setting ${name}`) : null;
}

/** True when a read statement's tree writes: data-modifying CTEs, SELECT INTO, side-effect functions. */
function writes(body: TreeNode): boolean {
  let found = false;
  walkTree(body, (node, key) => {
    if (found || key === null) return;
    if (WRITE_NODES.has(key)) found = true;
    else if (key === 'SelectStmt' && node.intoClause) found = true;
    else if (key === 'FuncCall' && MUTATING_FUNCTIONS.has(lastName(node.funcname))) found = true;
  });
  return found;
}

/**
 * The verdict for one libpg-query statement (`{SelectStmt: {...}}`) whose source is `text`.
 *
 * @example
 * classifyPgStatement(parse(`SELECT U&"pg_read_fil\\0065"('/etc/passwd')`).stmts[0].stmt, sql, 'postgresql', POSTGRESQL_DENIED)
 *   .refusal?.message; // 'The function pg_read_file is not allowed in SQL Lab'
 */
export function classifyPgStatement(stmt: TreeNode, text: string, dialect: PgDialect, denied: Set<string>): Verdict {
  const type = Object.keys(stmt)[0] ?? '';
  const kind = kindOf(type);
  const refusal = findRefusal(type, stmt, text, dialect, denied);
  const readOnly = (kind === 'select' || kind === 'read') && !writes(stmt);
  return { kind: readOnly || kind !== 'select' ? kind : 'dml', mutating: !readOnly, refusal };
}
