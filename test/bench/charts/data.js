// Deterministic series shared by the benchmark pages (a random walk sampled every minute), delivered the
// way the product's client receives it: the chart-data response text, parsed before the clock starts.
export function makeColumns(n) {
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  let seed = 42;
  let v = 100;
  const t0 = Date.UTC(2020, 0, 1);
  for (let i = 0; i < n; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    v += (seed / 2147483648 - 0.5) * 2;
    x[i] = t0 + i * 60000;
    y[i] = v;
  }
  return { x, y };
}

const META = { cache_key: null, cached_dttm: null, is_cached: false, query: '', status: 'success', error: null };
export const COLNAMES = ['ds', 'SUM(num)'];

/**
 * The parsed body of POST /api/v1/chart/data for a time-series query of n points. 'columns' is what
 * Lumen's chart hosts ask for (result_layout 'columns'); 'records' is the incumbent's default shape.
 */
export function parsedResponse(n, layout) {
  const { x, y } = makeColumns(n);
  const head = { ...META, colnames: COLNAMES, coltypes: [2, 0], rowcount: n };
  let rows;
  if (layout === 'columns') {
    rows = `"columns":${JSON.stringify([Array.from(x), Array.from(y)])}`;
  } else {
    const records = new Array(n);
    for (let i = 0; i < n; i++) records[i] = { ds: x[i], 'SUM(num)': y[i] };
    rows = `"data":${JSON.stringify(records)}`;
  }
  return JSON.parse(`{"result":[${JSON.stringify(head).slice(0, -1)},${rows}}]}`).result;
}

/** Lets the garbage of building the payload go before the clock starts (gc is exposed by the runner). */
export async function settle() {
  window.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 20));
}

export const WIDTH = 1000;
export const HEIGHT = 400;

export function mountPoint() {
  const el = document.createElement('div');
  el.style.width = `${WIDTH}px`;
  el.style.height = `${HEIGHT}px`;
  document.body.append(el);
  return el;
}
