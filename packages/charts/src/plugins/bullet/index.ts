/** The bullet chart plugin. */
import type { ChartPlugin } from '../../types';
import { buildBulletQuery } from './build-query';
import { renderBullet } from './render';
import { transformBulletProps } from './transform-props';
import type { BulletProps } from './types';

const THUMBNAIL =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 32" width="48" height="32"><rect x="4" y="10" width="40" height="12" fill="currentColor" opacity=".12"/><rect x="4" y="10" width="28" height="12" fill="currentColor" opacity=".22"/><rect x="4" y="14" width="22" height="4" fill="#1FA8C9"/><line x1="36" y1="9" x2="36" y2="23" stroke="currentColor" stroke-width="2"/></svg>';

/**
 * Bullet chart (viz_type 'bullet').
 *
 * @example
 * registry.register(bulletPlugin); registry.get('bullet').metadata.category; // 'KPI'
 */
export const bulletPlugin: ChartPlugin<BulletProps> = {
  metadata: {
    vizType: 'bullet',
    name: 'Bullet Chart',
    category: 'KPI',
    description: 'Showcases the progress of a single metric against a given target. The higher the fill, the closer the metric is to the target.',
    tags: ['Business', 'Legacy', 'Report'],
    thumbnail: THUMBNAIL,
    behaviors: [],
  },
  buildQuery: buildBulletQuery,
  transformProps: transformBulletProps,
  render: renderBullet,
};
