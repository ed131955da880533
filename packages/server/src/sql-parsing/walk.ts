/**
 * A generic walk over a parser's JSON syntax tree (libpg-query, DuckDB's json_serialize_sql, node-sql-parser):
 * every object in the tree is visited once, depth first, with the key under which its parent holds it.
 * Guards that look for a node type anywhere (a function call inside a sub-query inside a CTE ...) use this
 * instead of knowing every place a node may hide, so a construct the guard did not anticipate is still seen.
 */
export type TreeNode = Record<string, unknown>;

export type TreeVisitor = (node: TreeNode, key: string | null) => void;

const isNode = (value: unknown): value is TreeNode => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Visits every object of `tree` (arrays are traversed, not visited).
 *
 * @example
 * const calls: TreeNode[] = [];
 * walkTree(parse('SELECT lower(a)'), (node, key) => key === 'FuncCall' && calls.push(node)); // one FuncCall
 */
export function walkTree(tree: unknown, visit: TreeVisitor): void {
  const stack: { value: unknown; key: string | null }[] = [{ value: tree, key: null }];
  while (stack.length) {
    const { value, key } = stack.pop()!;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key });
      continue;
    }
    if (!isNode(value)) continue;
    visit(value, key);
    const entries = Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], key: entries[i]![0] });
  }
}

/** Converts a byte offset in the UTF-8 encoding of `text` (what C parsers report) to a string index. */
export function charOffset(text: string, byteOffset: number): number {
  if (!Number.isFinite(byteOffset) || byteOffset <= 0) return 0;
  return Buffer.from(text, 'utf8').subarray(0, byteOffset).toString('utf8').length;
}
