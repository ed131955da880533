// Lumen's line plugin on the incumbent's default record shape ({data: [{ds, 'SUM(num)'}]}), as an external
// API client would pass it: includes the one record pass per column that builds uPlot's arrays.
import { FORM_DATA, runLumen } from './lumen.js';
import { parsedResponse, settle } from './data.js';

window.runBench = async (n) => {
  const response = parsedResponse(n, 'records');
  await settle();
  return runLumen(response, FORM_DATA, false);
};
