/** Control panel of the horizon chart (the incumbent's legacy control names and defaults). */
import type { ControlPanelConfig } from '../../controls/control-types';
import { legacyTimeseriesQuerySection } from '../../controls/legacy-timeseries-query';
import { control, custom, SHARED_CONTROLS } from '../../controls/shared-controls';

/** Row heights offered (series_height, saved as a string). */
export const SERIES_HEIGHTS = ['10', '25', '40', '50', '75', '100', '150', '200'] as const;

/** horizon_color_scale values. */
export const HORIZON_COLOR_SCALES = [
  ['series', 'series'],
  ['overall', 'overall'],
  ['change', 'change'],
] as const;

/** The horizon panel. */
export const horizonControlPanel: ControlPanelConfig = {
  sections: [
    legacyTimeseriesQuerySection(),
    {
      label: 'Chart options',
      expanded: true,
      controlSetRows: [
        [custom('series_height', { type: 'SelectControl', label: 'Series height', description: 'Pixel height of each series', default: '25', freeForm: true, choices: SERIES_HEIGHTS.map((h) => [h, h] as const), validators: ['integer'], renderTrigger: true })],
        [custom('horizon_color_scale', { type: 'SelectControl', label: 'Value domain', description: 'series: each series on its own scale; overall: all series on one scale; change: the change from the first value of each series', default: 'series', choices: HORIZON_COLOR_SCALES, renderTrigger: true })],
        [control('number_format')],
      ],
    },
  ],
};
