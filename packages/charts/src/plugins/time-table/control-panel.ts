/** Control panel of the time-series table (the incumbent's legacy control names and defaults). */
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection, SHARED_CONTROLS } from '../../controls/shared-controls';

/** The time_table panel. */
export const timeTableControlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [control('metrics')],
      [control('adhoc_filters')],
      [control('groupby')],
      [custom('limit', { ...SHARED_CONTROLS.series_limit, label: 'Series limit' })],
      [custom('timeseries_limit_metric', { ...SHARED_CONTROLS.series_limit_metric })],
      [control('order_desc')],
      [control('row_limit')],
    ]),
    {
      label: 'Options',
      expanded: true,
      controlSetRows: [[custom('column_collection', { type: 'TimeSeriesColumnControl', label: 'Time series columns', default: [], renderTrigger: true })]],
    },
  ],
};
