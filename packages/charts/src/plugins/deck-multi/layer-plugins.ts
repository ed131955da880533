/**
 * The deck types a deck_multi chart can layer: every deck type but deck_multi itself (a multi chart inside
 * a multi chart would load charts recursively). Plugins only (queries and props): deck.gl is not imported.
 */
import type { ChartPlugin } from '../../types';
import { deckArcPlugin } from '../deck-arc/index';
import { deckContourPlugin } from '../deck-contour/index';
import { deckGeojsonPlugin } from '../deck-geojson/index';
import { deckGridPlugin } from '../deck-grid/index';
import { deckHeatmapPlugin } from '../deck-heatmap/index';
import { deckHexPlugin } from '../deck-hex/index';
import { deckPathPlugin } from '../deck-path/index';
import { deckPolygonPlugin } from '../deck-polygon/index';
import { deckScatterPlugin } from '../deck-scatter/index';
import { deckScreengridPlugin } from '../deck-screengrid/index';

const PLUGINS: ChartPlugin[] = [
  deckArcPlugin,
  deckContourPlugin,
  deckGeojsonPlugin,
  deckGridPlugin,
  deckHeatmapPlugin,
  deckHexPlugin,
  deckPathPlugin,
  deckPolygonPlugin,
  deckScatterPlugin,
  deckScreengridPlugin,
] as ChartPlugin[];

/** Layerable deck plugins by viz type. */
export const DECK_LAYER_PLUGINS: ReadonlyMap<string, ChartPlugin> = new Map(PLUGINS.map((p) => [p.metadata.vizType, p]));

/** The viz types a deck_multi chart layers (its chart picker offers charts of these types). */
export const DECK_LAYER_VIZ_TYPES: readonly string[] = [...DECK_LAYER_PLUGINS.keys()];
