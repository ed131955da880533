// Deterministic hierarchy shared by the treemap and sunburst benchmark pages: three levels (region,
// country, product) with `leaves` leaves in all, delivered as the chart-data response Lumen's chart hosts
// fetch (result_layout 'columns'), parsed before the clock starts.
export const COLNAMES = ['region', 'country', 'product', 'SUM(sales)'];
const META = { cache_key: null, cached_dttm: null, is_cached: false, query: '', status: 'success', error: null };

/** 20 regions x 25 countries x (leaves / 500) products, values from a fixed pseudo-random sequence. */
export function makeColumns(leaves) {
  const perCountry = Math.max(1, Math.round(leaves / 500));
  const cols = [[], [], [], []];
  let seed = 7;
  for (let r = 0; r < 20; r++)
    for (let c = 0; c < 25; c++)
      for (let p = 0; p < perCountry; p++) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        cols[0].push(`Region ${r}`);
        cols[1].push(`Country ${r}-${c}`);
        cols[2].push(`Product ${p}`);
        cols[3].push(1 + Math.round((seed / 2147483648) * 1000));
      }
  return cols;
}

export function parsedResponse(leaves) {
  const columns = makeColumns(leaves);
  const head = { ...META, colnames: COLNAMES, coltypes: [1, 1, 1, 0], rowcount: columns[0].length };
  return JSON.parse(`{"result":[${JSON.stringify(head).slice(0, -1)},"columns":${JSON.stringify(columns)}}]}`).result;
}

/**
 * The nested { name, value, children } data ECharts takes, built from the records inside the clock (the
 * incumbent's transformProps builds it from the query's records the same way).
 */
export function echartsTree(records, levels, metric) {
  const root = { children: [], index: new Map() };
  for (const r of records) {
    let node = root;
    for (let l = 0; l < levels.length; l++) {
      const key = r[levels[l]];
      let child = node.index.get(key);
      if (!child) {
        child = { name: String(key), children: [], index: new Map(), value: 0 };
        node.index.set(key, child);
        node.children.push(child);
      }
      child.value += r[metric];
      node = child;
    }
  }
  const strip = (n) => (n.children.length ? { name: n.name, value: n.value, children: n.children.map(strip) } : { name: n.name, value: n.value });
  return root.children.map(strip);
}

/** Resolves after the browser has painted the frame the chart's DOM or canvas went into. */
export const painted = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
