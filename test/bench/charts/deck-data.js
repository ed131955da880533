// Deterministic points shared by the deck benchmark pages: n points clustered around 40 city centres
// (longitude, latitude, a count weight), delivered as the chart-data response Lumen's chart hosts fetch
// (result_layout 'columns'), parsed before the clock starts.
export const COLNAMES = ['lon', 'lat', 'count'];
const META = { cache_key: null, cached_dttm: null, is_cached: false, query: '', status: 'success', error: null };

/** Columns of n points: 40 centres spread over Europe, each point within about 2 degrees of its centre. */
export function makeColumns(n) {
  const lon = new Array(n);
  const lat = new Array(n);
  const count = new Array(n);
  let seed = 11;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < n; i++) {
    const centre = i % 40;
    lon[i] = -8 + (centre % 8) * 4 + (next() - 0.5) * 4;
    lat[i] = 38 + Math.floor(centre / 8) * 4 + (next() - 0.5) * 4;
    count[i] = 1 + Math.floor(next() * 10);
  }
  return [lon, lat, count];
}

export function parsedResponse(n) {
  const columns = makeColumns(n);
  const head = { ...META, colnames: COLNAMES, coltypes: [0, 0, 0], rowcount: n };
  return JSON.parse(`{"result":[${JSON.stringify(head).slice(0, -1)},"columns":${JSON.stringify(columns)}}]}`).result;
}

/** The view both pages open on: the points' box, as a saved viewport. */
export const VIEWPORT = { longitude: 6, latitude: 46, zoom: 3.6, pitch: 0, bearing: 0 };
