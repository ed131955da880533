// Lumen's line plugin on the chart-data API's record shape ([{ds, 'SUM(num)'}]): includes the one
// record pass that builds the columns.
import { FORM_DATA, runLumen } from './lumen.js';
import { makeColumns } from './data.js';

window.runBench = (n) => {
  const { x, y } = makeColumns(n);
  const data = new Array(n);
  for (let i = 0; i < n; i++) data[i] = { ds: x[i], 'SUM(num)': y[i] };
  return runLumen({ colnames: ['ds', 'SUM(num)'], coltypes: [2, 0], data, rowcount: n, is_cached: false, query: '', cache_key: null, cached_dttm: null }, FORM_DATA);
};
