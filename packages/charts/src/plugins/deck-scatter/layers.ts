/** The deck scatter plot's layer, tooltip and cross filter. */
import { ScatterplotLayer } from '@deck.gl/layers';
import { isCrossFilterSelected, toggleCrossFilter } from '../../shared/cross-filter';
import { rgbaCss, type Rgba } from '../deck-shared/colors';
import type { DeckChartSpec } from '../deck-shared/render';
import type { DeckScatterProps, ScatterPoint } from './types';

/** Points outside the host's cross-filter selection fade to this alpha. */
const FADED_ALPHA = 50;

/** Points as circles in metres, clamped to the pixel bounds; clicks filter on the dimension. */
export const scatterSpec: DeckChartSpec<DeckScatterProps> = {
  layers: (p) => [
    new ScatterplotLayer<ScatterPoint>({
      id: 'deck-scatter',
      data: p.points,
      getPosition: (d) => d.position,
      getRadius: (d) => d.radius,
      getFillColor: (d) => faded(p, d),
      radiusUnits: 'meters',
      radiusScale: p.multiplier,
      radiusMinPixels: p.minRadius,
      radiusMaxPixels: p.maxRadius,
      pickable: true,
      updateTriggers: { getFillColor: [p.crossFilterValues] },
    }),
  ],
  tooltip: (p, { object }) => {
    const d = object as ScatterPoint;
    const lines = [{ label: 'Longitude, latitude', value: `${d.position[0].toFixed(4)}, ${d.position[1].toFixed(4)}` }];
    if (p.metricName) lines.push({ label: p.metricName, value: p.formatValue(d.value) });
    return { title: p.dimension ? `${p.dimension}: ${String(d.category)}` : 'Point', lines: lines.map((l, i) => (i === 0 ? { ...l, color: rgbaCss(d.color) } : l)) };
  },
  crossFilter: (p, { object }) => (p.dimension ? toggleCrossFilter(p.dimension, p.crossFilterValues, (object as ScatterPoint).category) : null),
};

function faded(p: DeckScatterProps, d: ScatterPoint): Rgba {
  if (!p.dimension || !p.crossFilterValues?.length || isCrossFilterSelected(p.crossFilterValues, d.category)) return d.color;
  return [d.color[0], d.color[1], d.color[2], FADED_ALPHA];
}
