// Lumen's treemap_v2 and sunburst_v2 plugins on what Lumen's chart hosts receive: the parsed
// result_layout 'columns' response, decoded by the core client, then transformProps and render(), timed
// until the chart's rendered event and until the browser painted it.
import { sunburstPlugin } from '../../../packages/charts/src/plugins/sunburst/index';
import { treemapPlugin } from '../../../packages/charts/src/plugins/treemap/index';
import { settle } from './data.js';
import { parsedResponse } from './hierarchy-data.js';
import { timePlugin } from './time-plugin.js';

const PLUGINS = { treemap: treemapPlugin, sunburst: sunburstPlugin };
const FORM_DATA = {
  treemap: { datasource: '1__table', viz_type: 'treemap_v2', groupby: ['region', 'country', 'product'], metric: 'SUM(sales)', show_labels: true, show_upper_labels: true, label_type: 'key_value' },
  sunburst: { datasource: '1__table', viz_type: 'sunburst_v2', columns: ['region', 'country', 'product'], metric: 'SUM(sales)', show_labels: true, label_type: 'key' },
};

window.runBench = async (kind, leaves) => {
  const response = parsedResponse(leaves);
  await settle();
  return timePlugin(PLUGINS[kind], FORM_DATA[kind], response);
};
