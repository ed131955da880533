// Lumen's sankey_v2 plugin on what Lumen's chart hosts receive: the parsed result_layout 'columns'
// response, decoded by the core client, then transformProps and render() (d3-sankey layout, SVG), timed
// until the chart's rendered event and until the browser painted it.
import { sankeyPlugin } from '../../../packages/charts/src/plugins/sankey/index';
import { settle } from './data.js';
import { parsedResponse } from './sankey-data.js';
import { timePlugin } from './time-plugin.js';

const FORM_DATA = { datasource: '1__table', viz_type: 'sankey_v2', source: 'source', target: 'target', metric: 'SUM(sales)', color_scheme: 'supersetColors' };

window.runBench = async (links) => {
  const response = parsedResponse(links);
  await settle();
  return timePlugin(sankeyPlugin, FORM_DATA, response);
};
