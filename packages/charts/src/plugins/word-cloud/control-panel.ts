/** Control panel of the word cloud. */
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection } from '../../controls/shared-controls';

/** The word cloud panel. */
export const wordCloudControlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [custom('series', { type: 'GroupByControl', label: 'Dimension', description: 'The column whose values are the words', validators: ['nonEmpty'] })],
      [control('metric')],
      [control('adhoc_filters')],
      [control('row_limit', { default: 100 })],
      [custom('sort_by_metric', { type: 'CheckboxControl', label: 'Sort by metric', default: true })],
    ]),
    {
      label: 'Options',
      expanded: true,
      controlSetRows: [
        [custom('size_from', { type: 'NumberControl', label: 'Minimum font size', default: 10, validators: ['integer'], renderTrigger: true }), custom('size_to', { type: 'NumberControl', label: 'Maximum font size', default: 70, validators: ['integer'], renderTrigger: true })],
        [custom('rotation', { type: 'SelectControl', label: 'Word rotation', default: 'square', choices: [['random', 'random'], ['flat', 'flat'], ['square', 'square']], renderTrigger: true })],
        [control('color_scheme')],
      ],
    },
  ],
};
