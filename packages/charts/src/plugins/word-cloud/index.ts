/** The word cloud plugin. */
import type { ChartPlugin } from '../../types';
import { buildWordCloudQuery } from './build-query';
import { renderWordCloud } from './render';
import { transformWordCloudProps } from './transform-props';
import type { WordCloudProps } from './types';

/**
 * Word cloud (viz_type 'word_cloud').
 *
 * @example
 * registry.register(wordCloudPlugin).get('word_cloud').metadata.name; // 'Word Cloud'
 */
export const wordCloudPlugin: ChartPlugin<WordCloudProps> = {
  metadata: {
    vizType: 'word_cloud',
    name: 'Word Cloud',
    category: 'Ranking',
    description: 'Words sized by a metric, the most frequent or important largest.',
    tags: ['Categorical', 'Comparison', 'Density', 'Single Metric'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32" font-family="sans-serif"><text x="16" y="18" text-anchor="middle" font-size="11" fill="#1FA8C9">word</text><text x="9" y="8" font-size="6" fill="#454E7C">cloud</text><text x="14" y="28" font-size="7" fill="#5AC189" transform="rotate(-90 14 28)">bi</text></svg>',
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL'],
  },
  buildQuery: buildWordCloudQuery,
  transformProps: transformWordCloudProps,
  render: renderWordCloud,
};
