import { parse } from 'yaml';

/** Ids of one installation's objects and the ids the same objects (by uuid) have in another. */
export type IdMap = Map<number, Set<number>>;

/** Source id → target ids, from `[uuid, id]` rows of both installations (several kinds share one map). */
export function idMapOf(source: [string, number][], target: [string, number][]): IdMap {
  const byUuid = new Map(target);
  const map: IdMap = new Map();
  for (const [uuid, id] of source) {
    const mapped = byUuid.get(uuid);
    if (mapped === undefined) continue;
    map.set(id, new Set([...(map.get(id) ?? []), mapped]));
  }
  return map;
}

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** `12`, `"12"` and `"12__table"` name an id; the map says whether the other side's is the same object. */
function sameId(a: unknown, b: unknown, ids: IdMap): boolean {
  const id = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d+(__\w+)?$/.test(v) ? Number(v.split('__')[0]) : null);
  const [x, y] = [id(a), id(b)];
  if (x === null || y === null) return false;
  const suffix = (v: unknown) => (typeof v === 'string' ? v.replace(/^\d+/, '') : '');
  return suffix(a) === suffix(b) && typeof a === typeof b && (ids.get(x)?.has(y) ?? false);
}

const jsonObject = (text: unknown): unknown => {
  if (typeof text !== 'string' || !/^\s*[[{]/.test(text)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * Where two exported documents differ, as JSON pointers, once ids are mapped: a value (or an object key)
 * that is an id of the first installation matches the same object's id in the second; JSON text (a chart's
 * params, a dashboard's position) is compared as the JSON it holds.
 */
export function diffDocuments(a: unknown, b: unknown, ids: IdMap, pointer = ''): string[] {
  if (Object.is(a, b) || sameId(a, b, ids)) return [];
  const [ja, jb] = [jsonObject(a), jsonObject(b)];
  if (ja !== undefined && jb !== undefined) return diffDocuments(ja, jb, ids, pointer);
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return [`${pointer}: ${a.length} items, then ${b.length}`];
    return a.flatMap((item, i) => diffDocuments(item, b[i], ids, `${pointer}/${i}`));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const rb = b as Record<string, unknown>;
    const keysB = new Set(Object.keys(rb));
    const out: string[] = [];
    for (const [key, value] of Object.entries(a)) {
      // A key that is an id (expanded_slices, label colours by chart) is looked up by its mapped id.
      const match = keysB.has(key) ? key : [...keysB].find((k) => sameId(key, k, ids));
      if (match === undefined) {
        out.push(`${pointer}/${escapePointer(key)}: only in the first`);
        continue;
      }
      keysB.delete(match);
      out.push(...diffDocuments(value, rb[match], ids, `${pointer}/${escapePointer(key)}`));
    }
    out.push(...[...keysB].map((key) => `${pointer}/${escapePointer(key)}: only in the second`));
    return out;
  }
  return [`${pointer}: ${JSON.stringify(a)}, then ${JSON.stringify(b)}`];
}

/**
 * Scalars a YAML 1.1 reader (PyYAML: the incumbent's importer and its clients) reads otherwise than the
 * YAML 1.2 text means (`No` as false, `0755` as octal, `2024-01-01` as a date), as JSON pointers.
 */
export function yaml11Misreadings(text: string): string[] {
  const asWritten = parse(text);
  const as11 = parse(text, { version: '1.1' });
  return diffDocuments(asWritten, as11, new Map());
}
