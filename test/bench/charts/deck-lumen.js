// Lumen's deck_scatter and deck_hex plugins on what Lumen's chart hosts receive: the parsed result_layout
// 'columns' response, decoded by the core client, then transformProps and render(), timed until the
// chart's rendered event (deck.gl's first frame with the layers) and the browser's next painted frame.
// The offline base map's country shapes are loaded before the clock (once per page, cached), so both
// pages time the data layer; Lumen still draws the base map layer under it.
import { withLazyRecords } from '@lumen-bi/core';
import { deckHexPlugin } from '../../../packages/charts/src/plugins/deck-hex/index';
import { deckScatterPlugin } from '../../../packages/charts/src/plugins/deck-scatter/index';
import { RENDERED_EVENT } from '../../../packages/charts/src/shared/mount';
import { loadWorldCountries } from '../../../packages/charts/src/plugins/world-map/geometry';
import { HEIGHT, WIDTH, mountPoint, settle } from './data.js';
import { VIEWPORT, parsedResponse } from './deck-data.js';
import { painted } from './hierarchy-data.js';

const spatial = { type: 'latlong', lonCol: 'lon', latCol: 'lat' };
const PLUGINS = { scatter: deckScatterPlugin, hexbin: deckHexPlugin };
const FORM_DATA = {
  scatter: { datasource: '1__table', viz_type: 'deck_scatter', spatial, point_radius_fixed: { type: 'fix', value: 1000 }, viewport: VIEWPORT, autozoom: false },
  hexbin: { datasource: '1__table', viz_type: 'deck_hex', spatial, size: 'count', grid_size: 20000, extruded: false, viewport: VIEWPORT, autozoom: false },
};

window.runBench = async (kind, points) => {
  const response = parsedResponse(points);
  await loadWorldCountries();
  await settle();
  const el = mountPoint();
  const plugin = PLUGINS[kind];
  const t0 = performance.now();
  const rendered = new Promise((resolve) => el.addEventListener(RENDERED_EVENT, () => resolve(performance.now() - t0), { once: true }));
  const props = plugin.transformProps({ formData: FORM_DATA[kind], queriesData: response.map(withLazyRecords), width: WIDTH, height: HEIGHT, confirmedLargeRender: true });
  plugin.render(el, props);
  const drawn = await rendered;
  await painted();
  return { drawn, painted: performance.now() - t0, text: el.textContent?.slice(0, 200) ?? '' };
};
