/** The deck polygon map's layer, tooltip and cross filter. */
import { PolygonLayer } from '@deck.gl/layers';
import { isCrossFilterSelected, toggleCrossFilter } from '../../shared/cross-filter';
import { rgbaCss, type Rgba } from '../deck-shared/colors';
import type { DeckChartSpec } from '../deck-shared/render';
import type { DeckPolygonProps, Polygon } from './transform-props';

const FADED_ALPHA = 40;

/** Polygons filled by the metric; clicks filter on the line column's value. */
export const polygonSpec: DeckChartSpec<DeckPolygonProps> = {
  layers: (p) => [
    new PolygonLayer<Polygon>({
      id: 'deck_polygon',
      data: p.polygons,
      getPolygon: (d) => d.polygon,
      getFillColor: (d) => faded(p, d),
      getLineColor: p.stroke,
      getElevation: (d) => (p.extruded ? Math.max(0, d.value ?? 0) * p.elevationScale : 0),
      filled: p.filled,
      stroked: p.stroked,
      extruded: p.extruded,
      getLineWidth: p.lineWidth,
      lineWidthUnits: p.widthUnits,
      lineWidthMinPixels: 1,
      pickable: true,
      updateTriggers: { getFillColor: [p.crossFilterValues] },
    }),
  ],
  tooltip: (p, { object }) => {
    const d = object as Polygon;
    return { title: 'Polygon', lines: [{ color: rgbaCss(d.fill), label: p.metricName, value: p.formatValue(d.value) }] };
  },
  crossFilter: (p, { object }) => toggleCrossFilter(p.lineColumn, p.crossFilterValues, (object as Polygon).key),
};

function faded(p: DeckPolygonProps, d: Polygon): Rgba {
  if (!p.crossFilterValues?.length || isCrossFilterSelected(p.crossFilterValues, d.key)) return d.fill;
  return [d.fill[0], d.fill[1], d.fill[2], FADED_ALPHA];
}
