import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { SQLITE_DENIED } from './denied-functions';
import { READ_PRAGMAS } from './statements';
import { significant, tokenize } from './tokens';
import { constructRefusal, functionRefusal, refused, syntaxRefusal, type Verdict } from './verdict';

/**
 * SQLite statements are classified by SQLite itself: the statement is compiled (never stepped) on a
 * read-only handle of the same database file, and SQLite reports whether the program writes
 * (sqlite3_stmt_readonly), whether it returns rows, and — through EXPLAIN — every function the program
 * calls by its resolved name. No lexer of ours decides what is code: `"load_extension"(…)`, a call hidden
 * behind a quirk of quoting, or ATTACH (compiled to a call of sqlite_attach) all show up in the program.
 * node-sql-parser's SQLite grammar was not used: it reads "x" as a string, lacks [x], PRAGMA and ATTACH.
 */
const WRITE_OPCODES = new Set(['Vacuum', 'JournalMode']);
const CALL_OPCODES = new Set(['Function', 'PureFunc', 'AggStep', 'AggStep1', 'AggValue', 'AggFinal', 'AggInverse']);

type Compiled = { readonly: boolean; reader: boolean; calls: string[]; opcodes: Set<string> };

function compile(path: string, text: string): Compiled {
  // A new file has an empty schema, as the in-memory database does.
  const db = path !== ':memory:' && existsSync(path) ? new Database(path, { readonly: true, fileMustExist: true }) : new Database(':memory:');
  try {
    const statement = db.prepare(text);
    const program = db.prepare(`EXPLAIN ${text}`).raw().all() as unknown[][];
    const calls = program.filter((op) => CALL_OPCODES.has(String(op[1]))).map((op) => String(op[5]).replace(/\(\d+\)$/, '').toLowerCase());
    return { readonly: statement.readonly, reader: statement.reader, calls, opcodes: new Set(program.map((op) => String(op[1]))) };
  } finally {
    db.close();
  }
}

/** The statement's first keyword as SQLite reads it (PRAGMA settings compile to programs that look harmless). */
function pragmaOf(text: string): { name: string; assigns: boolean } | null {
  const sig = significant(tokenize(text, { backend: 'sqlite' }));
  if (sig[0]?.upper !== 'PRAGMA') return null;
  const name = sig.find((t, i) => i > 0 && t.kind === 'word' && sig[i + 1]?.text !== '.')?.upper ?? '';
  return { name, assigns: sig.some((t) => t.text === '=') };
}

export function classifySqlite(path: string, text: string): Verdict {
  let compiled: Compiled;
  try {
    compiled = compile(path, text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // A table created by an earlier statement of the same script does not exist yet: the statement is
    // well-formed but cannot be checked, so it is treated as the riskiest kind that may still run.
    if (/no such (table|column|function)/i.test(message)) return sqliteUnchecked(text);
    return refused(syntaxRefusal(`SQLite says ${message}`));
  }
  const denied = compiled.calls.find((name) => SQLITE_DENIED.has(name));
  if (denied === 'sqlite_attach' || denied === 'sqlite_detach') return refused(constructRefusal(denied.slice(7).toUpperCase()));
  if (denied) return refused(functionRefusal(denied));
  if (compiled.opcodes.has('Vacuum') && /\binto\b/i.test(text)) return refused(constructRefusal('VACUUM INTO'));
  const pragma = pragmaOf(text);
  if (pragma && (pragma.assigns || !READ_PRAGMAS.has(pragma.name))) return refused(constructRefusal(`PRAGMA ${pragma.name.toLowerCase()}`));
  const writes = !compiled.readonly || [...WRITE_OPCODES].some((op) => compiled.opcodes.has(op));
  // Read-only programs that return no rows are BEGIN/COMMIT/SAVEPOINT and settings: session statements.
  if (!writes && compiled.reader) return { kind: pragma ? 'read' : 'select', mutating: false, refusal: null };
  return { kind: writes ? 'dml' : 'session', mutating: true, refusal: null };
}

/**
 * A statement SQLite parsed but could not resolve (it names a table an earlier statement of the script
 * creates): mutating, and refused when a denied name, ATTACH, DETACH or PRAGMA appears anywhere in its raw
 * text — no lexer of ours decides, so no quoting trick can hide one.
 */
const UNCHECKED_REFUSED = new RegExp(`\\b(${[...SQLITE_DENIED, 'attach', 'detach', 'pragma'].join('|')})\\b`, 'i');

function sqliteUnchecked(text: string): Verdict {
  const hit = UNCHECKED_REFUSED.exec(text);
  if (!hit) return { kind: 'other', mutating: true, refusal: null };
  const word = hit[1]!.toLowerCase();
  return refused(SQLITE_DENIED.has(word) ? functionRefusal(word, hit.index) : constructRefusal(word.toUpperCase(), hit.index, word.length));
}
