/**
 * The shape of a JSON value: its keys and value types, not its values. Objects map each key to the shape of
 * its value; arrays hold one shape merged over their elements (keys of every element, types joined with
 * `|`); scalars are their JSON type name. Recorded shapes (test/contract/recorded/) pin what clients read
 * where the incumbent's OpenAPI document leaves a response loose.
 */
export type Shape = string | Shape[] | { [key: string]: Shape };

const typeName = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** Keys of objects whose keys are data (ids, column names) rather than fields are reduced to `*`. */
function isDataKeyed(value: Record<string, unknown>): boolean {
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => /^\d+$/.test(k));
}

export function shapeOf(value: unknown): Shape {
  if (Array.isArray(value)) return value.length ? [value.map(shapeOf).reduce(mergeShapes)] : [];
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (isDataKeyed(record)) return { '*': Object.values(record).map(shapeOf).reduce(mergeShapes) };
    return Object.fromEntries(Object.keys(record).sort().map((k) => [k, shapeOf(record[k])]));
  }
  return typeName(value);
}

const scalarTypes = (shape: string) => new Set(shape.split('|'));
const joinTypes = (types: Set<string>) => [...types].sort().join('|');

/** The shape both values fit: keys united, differing scalar types joined (`string|null`). */
export function mergeShapes(a: Shape, b: Shape): Shape {
  if (typeof a === 'string' && typeof b === 'string') return joinTypes(new Set([...scalarTypes(a), ...scalarTypes(b)]));
  if (Array.isArray(a) && Array.isArray(b)) return a.length && b.length ? [mergeShapes(a[0]!, b[0]!)] : a.length ? a : b;
  if (isObjectShape(a) && isObjectShape(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return Object.fromEntries(keys.map((k) => [k, k in a && k in b ? mergeShapes(a[k]!, b[k]!) : (a[k] ?? b[k])!]));
  }
  // A value that is sometimes null and sometimes structured keeps the structure; the null is what varies.
  if (a === 'null') return b;
  if (b === 'null') return a;
  return joinTypes(new Set([describe(a), describe(b)]));
}

const isObjectShape = (s: Shape): s is { [key: string]: Shape } => typeof s === 'object' && !Array.isArray(s);
const describe = (s: Shape) => (typeof s === 'string' ? s : Array.isArray(s) ? 'array' : 'object');
const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

export interface ShapeDifference {
  /** JSON pointer into the response (`/result/0/owners`; array elements as `/0`). */
  pointer: string;
  expected: string;
  actual: string;
}

/** Where `actual` differs from `expected`: a key missing or added, or a value of another type. */
export function diffShapes(expected: Shape, actual: Shape, pointer = ''): ShapeDifference[] {
  if (isObjectShape(expected) && isObjectShape(actual)) {
    const keys = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
    return keys.flatMap((k) => {
      const at = `${pointer}/${escapePointer(k)}`;
      if (!(k in actual)) return [{ pointer: at, expected: describe(expected[k]!), actual: 'missing' }];
      if (!(k in expected)) return [{ pointer: at, expected: 'missing', actual: describe(actual[k]!) }];
      return diffShapes(expected[k]!, actual[k]!, at);
    });
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    // An empty array on either side says nothing about element shapes.
    return expected.length && actual.length ? diffShapes(expected[0]!, actual[0]!, `${pointer}/0`) : [];
  }
  if (typeof expected === 'string' && typeof actual === 'string') {
    // The same scalar may be null in one run's data and a value in another's: only new types count.
    const allowed = scalarTypes(expected);
    // A value recorded only as null says nothing of its type.
    if (expected === 'null') return [];
    const extra = [...scalarTypes(actual)].filter((t) => !allowed.has(t) && t !== 'null');
    return extra.length ? [{ pointer, expected, actual }] : [];
  }
  if (expected === 'null' || actual === 'null') return [];
  return [{ pointer, expected: describe(expected), actual: describe(actual) }];
}
