/** The control panels of the deck types, by viz type (Explore's alone: no chart render imports them). */
import type { ControlPanelConfig } from '../../controls/control-types';
import { deckArcControlPanel } from '../deck-arc/control-panel';
import { deckContourControlPanel } from '../deck-contour/control-panel';
import { deckGeojsonControlPanel } from '../deck-geojson/control-panel';
import { deckHeatmapControlPanel } from '../deck-heatmap/control-panel';
import { deckPathControlPanel } from '../deck-path/control-panel';
import { deckPolygonControlPanel } from '../deck-polygon/control-panel';
import { deckScatterControlPanel } from '../deck-scatter/control-panel';
import { cellControlPanel } from '../deck-shared/aggregation-controls';
import { deckScreengridControlPanel } from '../deck-screengrid/control-panel';

/** [viz type, panel] pairs. */
export const DECK_CONTROL_PANELS: ReadonlyArray<readonly [string, ControlPanelConfig]> = [
  ['deck_arc', deckArcControlPanel],
  ['deck_contour', deckContourControlPanel],
  ['deck_geojson', deckGeojsonControlPanel],
  ['deck_grid', cellControlPanel()],
  ['deck_heatmap', deckHeatmapControlPanel],
  ['deck_hex', cellControlPanel()],
  ['deck_path', deckPathControlPanel],
  ['deck_polygon', deckPolygonControlPanel],
  ['deck_scatter', deckScatterControlPanel],
  ['deck_screengrid', deckScreengridControlPanel],
];
