// Lumen's treemap_v2 and sunburst_v2 plugins on what Lumen's chart hosts receive: the parsed
// result_layout 'columns' response, decoded by the core client, then transformProps and render(), timed
// until the chart's rendered event and until the browser painted it.
import { withLazyRecords } from '@lumen-bi/core';
import { sunburstPlugin } from '../../../packages/charts/src/plugins/sunburst/index';
import { treemapPlugin } from '../../../packages/charts/src/plugins/treemap/index';
import { RENDERED_EVENT } from '../../../packages/charts/src/shared/mount';
import { HEIGHT, WIDTH, mountPoint, settle } from './data.js';
import { painted, parsedResponse } from './hierarchy-data.js';

const PLUGINS = { treemap: treemapPlugin, sunburst: sunburstPlugin };
const FORM_DATA = {
  treemap: { datasource: '1__table', viz_type: 'treemap_v2', groupby: ['region', 'country', 'product'], metric: 'SUM(sales)', show_labels: true, show_upper_labels: true, label_type: 'key_value' },
  sunburst: { datasource: '1__table', viz_type: 'sunburst_v2', columns: ['region', 'country', 'product'], metric: 'SUM(sales)', show_labels: true, label_type: 'key' },
};

window.runBench = async (kind, leaves) => {
  const response = parsedResponse(leaves);
  await settle();
  const el = mountPoint();
  const plugin = PLUGINS[kind];
  const t0 = performance.now();
  const rendered = new Promise((resolve) => el.addEventListener(RENDERED_EVENT, () => resolve(performance.now() - t0), { once: true }));
  const props = plugin.transformProps({ formData: FORM_DATA[kind], queriesData: response.map(withLazyRecords), width: WIDTH, height: HEIGHT, confirmedLargeRender: true });
  plugin.render(el, props);
  const drawn = await rendered;
  await painted();
  return { drawn, painted: performance.now() - t0 };
};
