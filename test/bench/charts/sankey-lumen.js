// Lumen's sankey_v2 plugin on what Lumen's chart hosts receive: the parsed result_layout 'columns'
// response, decoded by the core client, then transformProps and render() (d3-sankey layout, SVG), timed
// until the chart's rendered event and until the browser painted it.
import { withLazyRecords } from '@lumen-bi/core';
import { sankeyPlugin } from '../../../packages/charts/src/plugins/sankey/index';
import { RENDERED_EVENT } from '../../../packages/charts/src/shared/mount';
import { HEIGHT, WIDTH, mountPoint, settle } from './data.js';
import { painted } from './hierarchy-data.js';
import { parsedResponse } from './sankey-data.js';

const FORM_DATA = { datasource: '1__table', viz_type: 'sankey_v2', source: 'source', target: 'target', metric: 'SUM(sales)', color_scheme: 'supersetColors' };

window.runBench = async (links) => {
  const response = parsedResponse(links);
  await settle();
  const el = mountPoint();
  const t0 = performance.now();
  const rendered = new Promise((resolve) => el.addEventListener(RENDERED_EVENT, () => resolve(performance.now() - t0), { once: true }));
  const props = sankeyPlugin.transformProps({ formData: FORM_DATA, queriesData: response.map(withLazyRecords), width: WIDTH, height: HEIGHT, confirmedLargeRender: true });
  sankeyPlugin.render(el, props);
  const drawn = await rendered;
  await painted();
  return { drawn, painted: performance.now() - t0 };
};
