/** Control panel of the partition chart (the incumbent's fields and defaults). */
import type { ControlPanelConfig } from '../../controls/control-types';
import { ADVANCED_ANALYTICS_SECTION, control, custom, querySection } from '../../controls/shared-controls';

const render = { renderTrigger: true } as const;

/** The incumbent's time-series options. */
export const PARTITION_TIME_SERIES_OPTIONS = [
  ['not_time', 'Not Time Series'],
  ['time_series', 'Time Series'],
  ['agg_mean', 'Aggregate Mean'],
  ['agg_sum', 'Aggregate Sum'],
  ['point_diff', 'Difference'],
  ['point_percent', 'Percent Change'],
  ['point_factor', 'Factor'],
  ['adv_anal', 'Advanced Analytics'],
] as const;

/** The partition panel. */
export const partitionControlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [control('metrics')],
      [control('adhoc_filters')],
      [control('groupby', { label: 'Dimensions', validators: ['nonEmpty'], description: 'The levels, from the left: each nests inside the one before' })],
      [{ name: 'limit', config: { ...control('series_limit').config, label: 'Series limit' } }],
      [{ name: 'timeseries_limit_metric', config: { ...control('series_limit_metric').config, label: 'Sort by' } }],
      [control('order_desc')],
      [custom('contribution', { type: 'CheckboxControl', label: 'Contribution', default: false, description: 'Compute the contribution to the total' })],
      [control('row_limit', { default: 10000 })],
    ]),
    {
      label: 'Time series options',
      expanded: true,
      controlSetRows: [
        [custom('time_series_option', { type: 'SelectControl', label: 'Options', default: 'not_time', validators: ['nonEmpty'], choices: PARTITION_TIME_SERIES_OPTIONS, description: 'Settings for time series' })],
        [control('time_grain_sqla', { visibility: (fd) => (fd.time_series_option ?? 'not_time') !== 'not_time' })],
      ],
    },
    {
      label: 'Chart options',
      expanded: true,
      controlSetRows: [
        [control('color_scheme')],
        [control('number_format'), { name: 'date_time_format', config: { ...control('date_format').config, label: 'Date time format' } }],
        [custom('partition_limit', { type: 'TextControl', label: 'Partition limit', default: '5', validators: ['integer'], description: 'The maximum number of subdivisions of each group; lower values are pruned first', ...render }), custom('partition_threshold', { type: 'TextControl', label: 'Partition threshold', default: '0.05', description: 'Partitions whose height to parent height proportions are below this value are pruned', ...render })],
        [custom('log_scale', { type: 'CheckboxControl', label: 'Log scale', default: false, description: 'Use a log scale', ...render })],
        [custom('equal_date_size', { type: 'CheckboxControl', label: 'Equal date sizes', default: true, description: 'Check to force date partitions to have the same height', ...render })],
        [custom('rich_tooltip', { type: 'CheckboxControl', label: 'Rich tooltip', default: true, description: 'The rich tooltip shows a list of all series for that point in time', ...render })],
      ],
    },
    ADVANCED_ANALYTICS_SECTION,
  ],
};
