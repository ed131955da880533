import type { Json } from './definition';

/** The selected columns as a tree: a key taken whole, or the keys picked inside it (owners.id, owners.first_name). */
interface Pick {
  whole: boolean;
  inside: Map<string, Pick>;
}

function pickTree(columns: readonly string[]): Map<string, Pick> {
  const root = new Map<string, Pick>();
  for (const column of columns) {
    let level = root;
    const path = column.split('.');
    path.forEach((key, depth) => {
      let pick = level.get(key);
      if (!pick) level.set(key, (pick = { whole: false, inside: new Map() }));
      if (depth === path.length - 1) pick.whole = true;
      level = pick.inside;
    });
  }
  return root;
}

function pickFrom(item: Json, picks: Map<string, Pick>): Json {
  const out: Json = {};
  for (const [key, pick] of picks) {
    const value = item[key];
    if (pick.whole || value === null || value === undefined || typeof value !== 'object') out[key] = value ?? null;
    else if (Array.isArray(value)) out[key] = value.map((element) => (element && typeof element === 'object' ? pickFrom(element as Json, pick.inside) : {}));
    else out[key] = pickFrom(value as Json, pick.inside);
  }
  return out;
}

/**
 * A function that picks the selected (possibly dotted) columns out of a serialised item: `owners.id` keeps
 * each owner's id, `owners` keeps owners whole. Built once per request, since a list applies it to every
 * item (parsing the column names per item was a large share of a list's cost). Keys come in the order the
 * columns first name them; a missing value is null.
 *
 * @example
 * projection(['id', 'owners.id'])({ id: 1, owners: [{ id: 2, first_name: 'Ada' }], x: 3 }) // { id: 1, owners: [{ id: 2 }] }
 */
export function projection(columns: readonly string[]): (item: Json) => Json {
  const picks = pickTree(columns);
  return (item) => pickFrom(item, picks);
}
