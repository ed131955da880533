/** Control panel of the Nightingale rose (the incumbent's legacy control names and defaults). */
import type { ControlPanelConfig } from '../../controls/control-types';
import { legacyTimeseriesQuerySection } from '../../controls/legacy-timeseries-query';
import { ADVANCED_ANALYTICS_SECTION, control, custom, SHARED_CONTROLS } from '../../controls/shared-controls';

/** The rose panel. */
export const roseControlPanel: ControlPanelConfig = {
  sections: [
    legacyTimeseriesQuerySection(),
    {
      label: 'Chart options',
      expanded: true,
      controlSetRows: [
        [control('color_scheme')],
        [control('number_format')],
        [custom('date_time_format', { ...SHARED_CONTROLS.date_format, label: 'Date time format' })],
        [custom('rich_tooltip', { type: 'CheckboxControl', label: 'Rich tooltip', description: 'The rich tooltip shows a list of all series for that point in time', default: true, renderTrigger: true })],
        [custom('rose_area_proportion', { type: 'CheckboxControl', label: 'Use area proportions', description: 'Check if the Rose Chart should use segment area instead of segment radius for proportioning', default: false, renderTrigger: true })],
      ],
    },
    ADVANCED_ANALYTICS_SECTION,
  ],
};
