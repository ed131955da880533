/** The deck arc map's layer, tooltip and cross filter. */
import { ArcLayer } from '@deck.gl/layers';
import { isCrossFilterSelected, toggleCrossFilter } from '../../shared/cross-filter';
import { rgbaCss, type Rgba } from '../deck-shared/colors';
import type { DeckChartSpec } from '../deck-shared/render';
import type { Arc, DeckArcProps } from './transform-props';

const FADED_ALPHA = 40;
const fmt = (p: [number, number]) => `${p[0].toFixed(3)}, ${p[1].toFixed(3)}`;

/** Arcs from start to end; clicks filter on the dimension. */
export const arcSpec: DeckChartSpec<DeckArcProps> = {
  layers: (p) => [
    new ArcLayer<Arc>({
      id: 'deck_arc',
      data: p.arcs,
      getSourcePosition: (d) => d.source,
      getTargetPosition: (d) => d.target,
      getSourceColor: (d) => faded(p, d, d.sourceColor),
      getTargetColor: (d) => faded(p, d, d.targetColor),
      getWidth: p.strokeWidth,
      pickable: true,
      updateTriggers: { getSourceColor: [p.crossFilterValues], getTargetColor: [p.crossFilterValues] },
    }),
  ],
  tooltip: (p, { object }) => {
    const d = object as Arc;
    return {
      title: p.dimension ? `${p.dimension}: ${String(d.category)}` : 'Route',
      lines: [
        { color: rgbaCss(d.sourceColor), label: 'Start', value: fmt(d.source) },
        { color: rgbaCss(d.targetColor), label: 'End', value: fmt(d.target) },
      ],
    };
  },
  crossFilter: (p, { object }) => (p.dimension ? toggleCrossFilter(p.dimension, p.crossFilterValues, (object as Arc).category) : null),
};

function faded(p: DeckArcProps, d: Arc, color: Rgba): Rgba {
  if (!p.dimension || !p.crossFilterValues?.length || isCrossFilterSelected(p.crossFilterValues, d.category)) return color;
  return [color[0], color[1], color[2], FADED_ALPHA];
}
