/**
 * The deck.gl chart family: one module (one lazy chunk) for every deck type, so deck.gl and the shared
 * render download once whichever deck chart a page shows first.
 */
export { deckArcPlugin } from '../deck-arc/index';
export { deckContourPlugin } from '../deck-contour/index';
export { deckGeojsonPlugin } from '../deck-geojson/index';
export { deckGridPlugin } from '../deck-grid/index';
export { deckHeatmapPlugin } from '../deck-heatmap/index';
export { deckHexPlugin } from '../deck-hex/index';
export { deckMultiPlugin } from '../deck-multi/index';
export { deckPathPlugin } from '../deck-path/index';
export { deckPolygonPlugin } from '../deck-polygon/index';
export { deckScatterPlugin } from '../deck-scatter/index';
export { deckScreengridPlugin } from '../deck-screengrid/index';
