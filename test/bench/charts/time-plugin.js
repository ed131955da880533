// Times one Lumen chart plugin the way its hosts drive it: transformProps over the parsed chart-data
// response (decoded by the core client), then render(), until the chart's rendered event ("drawn") and
// until the browser's next painted frame ("painted"). Shared by the hierarchy, sankey and deck pages.
import { withLazyRecords } from '@lumen-bi/core';
import { RENDERED_EVENT } from '../../../packages/charts/src/shared/mount';
import { HEIGHT, WIDTH, mountPoint } from './data.js';
import { painted } from './hierarchy-data.js';

/** { transformed, drawn, painted } ms from the start and the chart's text (a drawn error or row gate shows there). */
export async function timePlugin(plugin, formData, response) {
  const el = mountPoint();
  const t0 = performance.now();
  const rendered = new Promise((resolve) => el.addEventListener(RENDERED_EVENT, () => resolve(performance.now() - t0), { once: true }));
  const props = plugin.transformProps({ formData, queriesData: response.map(withLazyRecords), width: WIDTH, height: HEIGHT, confirmedLargeRender: true });
  const transformed = performance.now() - t0;
  plugin.render(el, props);
  const drawn = await rendered;
  await painted();
  return { transformed, drawn, painted: performance.now() - t0, text: el.textContent?.slice(0, 200) ?? '' };
}
