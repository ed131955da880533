import type { StatementKind } from './statements';

/**
 * What a parser-backed classifier says about one statement: its kind (for limits, CTAS and validation),
 * whether it may change data, schema or session (DML guard), and, when it must never run in SQL Lab, why.
 */
export interface Refusal {
  /** Names the refused function or construct, e.g. 'The function pg_read_file is not allowed in SQL Lab'. */
  message: string;
  /** Offset of the offending text in the statement (0 when the parser gives no position). */
  offset: number;
  length: number;
  /** True when the statement could not be verified (answered as invalid SQL rather than a security refusal). */
  unparsed?: boolean;
  /**
   * True when the engine's own parser rejects the text: the engine cannot run it either, so validation may
   * let the engine's EXPLAIN report where the syntax error is.
   */
  syntax?: boolean;
}

export interface Verdict {
  kind: StatementKind;
  mutating: boolean;
  refusal: Refusal | null;
}

export const functionRefusal = (name: string, offset = 0): Refusal => ({
  message: `The function ${name} is not allowed in SQL Lab`,
  offset,
  length: name.length,
});

export const constructRefusal = (construct: string, offset = 0, length = 1): Refusal => ({
  message: `${construct} is not allowed in SQL Lab`,
  offset,
  length,
});

/** A statement the parser could not read, or read differently from the engine: refused, never guessed at. */
export const unparsedRefusal = (reason: string, offset = 0): Refusal => ({
  message: `SQL Lab could not verify this statement: ${reason}`,
  offset,
  length: 1,
  unparsed: true,
});

/** The engine's own parser rejects the statement. */
export const syntaxRefusal = (reason: string): Refusal => ({ ...unparsedRefusal(reason), syntax: true });

export const refused = (refusal: Refusal, kind: StatementKind = 'other'): Verdict => ({ kind, mutating: true, refusal });

/** Of two opinions on one statement, the stricter: refused if either refuses, mutating if either says so. */
export function stricter(a: Verdict, b: Verdict): Verdict {
  return { kind: a.mutating || !b.mutating ? a.kind : b.kind, mutating: a.mutating || b.mutating, refusal: a.refusal ?? b.refusal };
}
