/** Control panel of the treemap (the incumbent's fields and defaults). */
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection } from '../../controls/shared-controls';

const render = { renderTrigger: true } as const;

/** Label types (the incumbent's panel saves 'Key' capitalised; labels read either the same). */
export const TREEMAP_LABEL_TYPES = [['key', 'Category name'], ['value', 'Value'], ['key_value', 'Category and Value']] as const;

/** The treemap panel. */
export const treemapControlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [control('groupby', { label: 'Dimensions', description: 'The hierarchy: each dimension nests inside the one before' })],
      [control('metric')],
      [control('row_limit', { default: 10000 })],
      [custom('sort_by_metric', { type: 'CheckboxControl', label: 'Sort by metric', default: false, description: 'Keep the largest rows when the row limit cuts' })],
      [control('adhoc_filters')],
    ]),
    {
      label: 'Chart options',
      expanded: true,
      controlSetRows: [
        [control('color_scheme')],
        [custom('show_labels', { type: 'CheckboxControl', label: 'Show labels', default: true, description: 'Whether to display the labels.', ...render })],
        [custom('show_upper_labels', { type: 'CheckboxControl', label: 'Show upper labels', default: true, description: 'Show labels when the node has children.', ...render })],
        [custom('label_type', { type: 'SelectControl', label: 'Label type', default: 'key_value', choices: TREEMAP_LABEL_TYPES, description: 'What should be shown on the label?', ...render })],
        [control('number_format')],
        [control('date_format')],
        [custom('treemap_ratio', { type: 'NumberControl', label: 'Ratio', default: 1.618033988749895, description: 'Target aspect ratio of the tiles', ...render })],
      ],
    },
  ],
};
