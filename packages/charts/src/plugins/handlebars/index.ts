/** The handlebars chart plugin. */
import type { ChartPlugin } from '../../types';
import { buildHandlebarsQuery } from './build-query';
import { renderHandlebars } from './render';
import { transformHandlebarsProps } from './transform-props';
import type { HandlebarsProps } from './types';

const THUMBNAIL =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 32" width="48" height="32"><text x="24" y="14" text-anchor="middle" font-size="10" font-family="monospace" fill="#1FA8C9">{{ }}</text><rect x="8" y="19" width="32" height="3" rx="1" fill="currentColor" opacity=".5"/><rect x="8" y="25" width="22" height="3" rx="1" fill="currentColor" opacity=".3"/></svg>';

/**
 * Handlebars (viz_type 'handlebars').
 *
 * @example
 * registry.register(handlebarsPlugin); registry.get('handlebars').metadata.category; // 'Tools'
 */
export const handlebarsPlugin: ChartPlugin<HandlebarsProps> = {
  metadata: {
    vizType: 'handlebars',
    name: 'Handlebars',
    category: 'Tools',
    description: 'Write a handlebars template to render the data',
    tags: ['Text', 'Report'],
    thumbnail: THUMBNAIL,
    behaviors: [],
  },
  buildQuery: buildHandlebarsQuery,
  transformProps: transformHandlebarsProps,
  render: renderHandlebars,
};
