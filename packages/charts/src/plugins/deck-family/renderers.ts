/**
 * Every deck type's drawing (deck.gl, the layers, the shared render): one module, imported on a deck
 * chart's first draw, so deck.gl is one lazy chunk that neither the app's first load nor a non-deck
 * <bi-chart> downloads.
 */
import { arcSpec } from '../deck-arc/layers';
import { contourSpec } from '../deck-contour/layers';
import { geojsonSpec } from '../deck-geojson/layers';
import { heatmapSpec } from '../deck-heatmap/layers';
import { multiSpec } from '../deck-multi/layers';
import { pathSpec } from '../deck-path/layers';
import { polygonSpec } from '../deck-polygon/layers';
import { scatterSpec } from '../deck-scatter/layers';
import { screengridSpec } from '../deck-screengrid/layers';
import { cellLayerSpec } from '../deck-shared/cell-layer';
import type { DeckChartSpec } from '../deck-shared/render';
import type { DeckProps } from '../deck-shared/types';

export { renderDeckChart } from '../deck-shared/render';

/** The layers, tooltip and cross filter of each deck type a deck_multi chart can layer. */
const LAYER_SPECS: Readonly<Record<string, DeckChartSpec<DeckProps>>> = {
  deck_arc: arcSpec as unknown as DeckChartSpec<DeckProps>,
  deck_contour: contourSpec as unknown as DeckChartSpec<DeckProps>,
  deck_geojson: geojsonSpec as unknown as DeckChartSpec<DeckProps>,
  deck_grid: cellLayerSpec('deck_grid') as unknown as DeckChartSpec<DeckProps>,
  deck_heatmap: heatmapSpec as unknown as DeckChartSpec<DeckProps>,
  deck_hex: cellLayerSpec('deck_hex') as unknown as DeckChartSpec<DeckProps>,
  deck_path: pathSpec as unknown as DeckChartSpec<DeckProps>,
  deck_polygon: polygonSpec as unknown as DeckChartSpec<DeckProps>,
  deck_scatter: scatterSpec as unknown as DeckChartSpec<DeckProps>,
  deck_screengrid: screengridSpec as unknown as DeckChartSpec<DeckProps>,
};

/** The layers, tooltip and cross filter of each deck viz type. */
export const DECK_SPECS: Readonly<Record<string, DeckChartSpec<DeckProps>>> = {
  ...LAYER_SPECS,
  deck_multi: multiSpec(LAYER_SPECS) as unknown as DeckChartSpec<DeckProps>,
};
