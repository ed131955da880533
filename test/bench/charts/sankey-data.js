// Deterministic flows shared by the Sankey benchmark pages: `links` links from 25 sources to
// links / 25 targets, delivered as the chart-data response Lumen's chart hosts fetch (result_layout
// 'columns'), parsed before the clock starts.
export const COLNAMES = ['source', 'target', 'SUM(sales)'];
const META = { cache_key: null, cached_dttm: null, is_cached: false, query: '', status: 'success', error: null };
const SOURCES = 25;

/** Every source linked to every target, values from a fixed pseudo-random sequence. */
export function makeColumns(links) {
  const targets = Math.max(1, Math.round(links / SOURCES));
  const cols = [[], [], []];
  let seed = 11;
  for (let s = 0; s < SOURCES; s++)
    for (let t = 0; t < targets; t++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      cols[0].push(`Source ${s}`);
      cols[1].push(`Target ${t}`);
      cols[2].push(1 + Math.round((seed / 2147483648) * 1000));
    }
  return cols;
}

export function parsedResponse(links) {
  const columns = makeColumns(links);
  const head = { ...META, colnames: COLNAMES, coltypes: [1, 1, 0], rowcount: columns[0].length };
  return JSON.parse(`{"result":[${JSON.stringify(head).slice(0, -1)},"columns":${JSON.stringify(columns)}}]}`).result;
}
