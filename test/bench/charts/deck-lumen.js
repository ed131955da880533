// Lumen's deck_scatter and deck_hex plugins on what Lumen's chart hosts receive: the parsed result_layout
// 'columns' response, decoded by the core client, then transformProps and render(), timed until the
// chart's rendered event (deck.gl's first frame with the layers) and the browser's next painted frame.
// The offline base map's country shapes are loaded before the clock (once per page, cached), so both
// pages time the data layer; Lumen still draws the base map layer under it.
import { deckHexPlugin } from '../../../packages/charts/src/plugins/deck-hex/index';
import { deckScatterPlugin } from '../../../packages/charts/src/plugins/deck-scatter/index';
import { loadWorldCountries } from '../../../packages/charts/src/plugins/world-map/geometry';
import { settle } from './data.js';
import { VIEWPORT, parsedResponse } from './deck-data.js';
import { timePlugin } from './time-plugin.js';

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
  return timePlugin(PLUGINS[kind], FORM_DATA[kind], response);
};
