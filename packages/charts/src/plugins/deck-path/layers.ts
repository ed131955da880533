/** The deck path map's layer and tooltip. */
import { PathLayer } from '@deck.gl/layers';
import type { DeckChartSpec } from '../deck-shared/render';
import type { DeckPathProps, PathLine } from './transform-props';

/** Lines of line_width in its unit, at least a pixel wide whatever the zoom. */
export const pathSpec: DeckChartSpec<DeckPathProps> = {
  layers: (p) => [
    new PathLayer<PathLine>({
      id: 'deck_path',
      data: p.paths,
      getPath: (d) => d.path,
      getColor: p.color,
      getWidth: p.lineWidth,
      widthUnits: p.widthUnits,
      widthMinPixels: 1,
      pickable: true,
    }),
  ],
  tooltip: (_p, { object }) => {
    const d = object as PathLine;
    return { title: 'Path', lines: [{ label: 'Points', value: String(d.path.length) }] };
  },
};
