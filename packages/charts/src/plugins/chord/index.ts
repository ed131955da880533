/** The chord diagram plugin. */
import type { ChartPlugin } from '../../types';
import { buildChordQuery } from './build-query';
import { renderChord } from './render';
import { transformChordProps } from './transform-props';
import type { ChordProps } from './types';

/**
 * Chord diagram (viz_type 'chord'): flows between the values of two columns around a circle.
 *
 * @example
 * createChartRegistry().register(chordPlugin).get('chord').metadata.name; // 'Chord Diagram'
 */
export const chordPlugin: ChartPlugin<ChordProps> = {
  metadata: {
    vizType: 'chord',
    name: 'Chord Diagram',
    category: 'Flow',
    description: 'The flows between entities around a circle: each arc is an entity, each ribbon the metric between two of them.',
    tags: ['Circular', 'Legacy', 'Proportional', 'Relational'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><path d="M9 6Q16 16 25 9" fill="none" stroke="#1FA8C9" stroke-width="4" opacity=".6"/><path d="M7 22Q16 16 24 24" fill="none" stroke="#454E7C" stroke-width="5" opacity=".6"/><path d="M16 2A14 14 0 0 1 30 16" fill="none" stroke="#1FA8C9" stroke-width="3"/><path d="M28 22A14 14 0 0 1 6 26" fill="none" stroke="#454E7C" stroke-width="3"/><path d="M3 20A14 14 0 0 1 10 4" fill="none" stroke="#5AC189" stroke-width="3"/></svg>',
    behaviors: [],
  },
  buildQuery: buildChordQuery,
  transformProps: transformChordProps,
  render: renderChord,
};
