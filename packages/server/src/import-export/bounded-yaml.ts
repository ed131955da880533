import { isAlias, isMap, isScalar, isSeq, Lexer, parseDocument, type Node } from 'yaml';
import { badRequest } from '../errors';
import { limitExceeded, type ParseLimits } from '../parse-worker/parse-limits';

/**
 * Parses one untrusted YAML (or JSON) file with every cost bounded, in this order:
 *
 * 1. a lexer pass (linear, stops at the first excess) counts keys and items and the nesting of flow
 *    collections, so a file of a million keys or `[[[[…` is refused before the parser sees it;
 * 2. the parser runs with `uniqueKeys: false`, because its duplicate-key check compares every key with
 *    every other (O(n²): 40,000 keys take 10 s); duplicates are found here with a Set instead;
 * 3. the syntax tree is walked for nesting depth;
 * 4. `toJS` runs with maxAliasCount ("billion laughs"), and the value is walked once more counting every
 *    alias expansion, because later code (JSON.stringify of chart params) would expand them all.
 *
 * @example
 * parseBoundedYaml('version: 1.0.0\n', 'metadata.yaml', limits); // { version: '1.0.0' }
 */
export function parseBoundedYaml(text: string, path: string, limits: ParseLimits): unknown {
  if (countPlainKeyLines(text, limits.maxKeys) > limits.maxKeys) throw limitExceeded('maxKeys', limits, path, `has more than ${limits.maxKeys} keys and items`);
  scanTokens(text, path, limits);
  let doc: ReturnType<typeof parseDocument>;
  try {
    doc = parseDocument(text, { uniqueKeys: false });
  } catch (error) {
    // The composer recurses once per level: `- - - - …` on one line can exhaust the stack.
    if (error instanceof RangeError) throw limitExceeded('maxDepth', limits, path, 'nests too deeply to read');
    throw malformed(path, (error as Error).message);
  }
  if (doc.errors.some((error) => error.message.startsWith('Maximum call stack size exceeded'))) {
    throw limitExceeded('maxDepth', limits, path, 'nests too deeply to read');
  }
  if (doc.errors.length) throw malformed(path, doc.errors[0]!.message);
  if (doc.contents) walkTree(doc.contents as Node, path, limits);
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: limits.maxAliases });
  } catch (error) {
    if (error instanceof ReferenceError && /alias/i.test(error.message)) {
      throw limitExceeded('maxAliases', limits, path, 'uses aliases more than allowed (an alias expansion attack)');
    }
    if (error instanceof RangeError) throw limitExceeded('maxDepth', limits, path, 'nests too deeply to read');
    throw malformed(path, (error as Error).message);
  }
  countExpanded(value, path, limits);
  return value;
}

function malformed(path: string, message: string) {
  return badRequest(`Malformed YAML in ${path}: ${message.split('\n')[0]}`);
}

/** A block scalar header (`key: |`, `- >-`): the lines after it are text, which may look like keys. */
const BLOCK_SCALAR = /(?:^|[ :-])[|>][-+0-9]* *(?:#.*)?$/m;

const isKeyChar = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 45;

/**
 * A lower bound of the file's keys, from one pass over its characters (milliseconds for megabytes, where
 * the lexer takes a second for 100,000 keys), stopping past `max`: lines of the form `  name: …` or
 * `- name: …`. Returns 0 when the text has quotes or block scalars, inside which a line can look like a
 * key without being one; elsewhere every such line is a key, because a plain scalar can never contain
 * ': '. Refuses the key-count bomb before the lexer runs; other files go on to the exact count.
 */
function countPlainKeyLines(text: string, max: number): number {
  if (text.includes('"') || text.includes("'") || BLOCK_SCALAR.test(text)) return 0;
  let count = 0;
  let i = 0;
  while (i < text.length && count <= max) {
    while (text.charCodeAt(i) === 32) i += 1;
    while (text.charCodeAt(i) === 45 && text.charCodeAt(i + 1) === 32) i += 2;
    const start = i;
    while (i < text.length && isKeyChar(text.charCodeAt(i))) i += 1;
    const after = text.charCodeAt(i + 1);
    if (i > start && text.charCodeAt(i) === 58 && (after === 32 || after === 10 || Number.isNaN(after))) count += 1;
    const newline = text.indexOf('\n', i);
    i = newline === -1 ? text.length : newline + 1;
  }
  return count;
}

/** Tokens that open one key or item: a block key (':'), a block item ('-'), a flow item (',' or an opening bracket). */
const ENTRY_TOKENS = new Set([':', '-', '?', ',', '[', '{']);
/** Tokens that open a block level when outside flow collections: `- - - x` nests three sequences on one line. */
const BLOCK_TOKENS = new Set([':', '-', '?']);
const isBlank = (token: string) => /^[ \t]*$/.test(token);

/**
 * One pass of the yaml package's lexer (linear; the parser's CST and the composer are not), stopping at the
 * first excess: counts keys and items, and bounds the nesting depth from above: flow brackets, plus the
 * indentation levels open on a line, plus the block indicators before its content (the composer recurses
 * once per level, so this must be known before it runs).
 */
function scanTokens(text: string, path: string, limits: ParseLimits): void {
  const tooDeep = () => limitExceeded('maxDepth', limits, path, `nests deeper than ${limits.maxDepth} levels`);
  let entries = 0;
  let flowDepth = 0;
  const indents: number[] = [];
  let lineIndent = 0;
  let lineStart = true;
  let lineBlocks = 0;
  for (const token of new Lexer().lex(text)) {
    if (token === '\n') {
      lineStart = true;
      lineIndent = 0;
      lineBlocks = 0;
      continue;
    }
    if (lineStart && isBlank(token)) {
      lineIndent = token.length;
      continue;
    }
    if (lineStart && flowDepth === 0 && !token.startsWith('#')) {
      while (indents.length && indents[indents.length - 1]! >= lineIndent) indents.pop();
      indents.push(lineIndent);
    }
    lineStart = false;
    if (ENTRY_TOKENS.has(token) && ++entries > limits.maxKeys) throw limitExceeded('maxKeys', limits, path, `has more than ${limits.maxKeys} keys and items`);
    if (flowDepth === 0 && BLOCK_TOKENS.has(token)) lineBlocks += 1;
    if (token === '[' || token === '{') flowDepth += 1;
    else if (token === ']' || token === '}') flowDepth -= 1;
    if (indents.length + Math.max(0, lineBlocks - 1) + flowDepth > limits.maxDepth) throw tooDeep();
  }
}

/** Iterative (a deep tree must not exhaust the stack): depth of every collection, duplicate keys per mapping. */
function walkTree(root: Node, path: string, limits: ParseLimits): void {
  const stack: [Node, number][] = [[root, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (isAlias(node) || isScalar(node)) continue;
    if (depth > limits.maxDepth) throw limitExceeded('maxDepth', limits, path, `nests deeper than ${limits.maxDepth} levels`);
    if (isSeq(node)) {
      for (const item of node.items) if (item) stack.push([item as Node, depth + 1]);
    } else if (isMap(node)) {
      const seen = new Set<unknown>();
      for (const pair of node.items) {
        const key = pair.key as Node | null;
        if (isScalar(key)) {
          if (seen.has(key.value)) throw malformed(path, `Map keys must be unique: '${String(key.value)}' appears twice`);
          seen.add(key.value);
        } else if (key) {
          stack.push([key, depth + 1]);
        }
        if (pair.value) stack.push([pair.value as Node, depth + 1]);
      }
    }
  }
}

/** Counts keys and items as a reader of the value sees them, each alias expanded; stops at the limit. */
function countExpanded(value: unknown, path: string, limits: ParseLimits): void {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length) {
    const item = stack.pop();
    if (item === null || typeof item !== 'object' || item instanceof Date) continue;
    const children = Array.isArray(item) ? item : Object.values(item);
    count += children.length;
    if (count > limits.maxKeys) {
      throw limitExceeded('maxKeys', limits, path, `has more than ${limits.maxKeys} keys and items once its aliases are expanded`);
    }
    for (const child of children) stack.push(child);
  }
}
