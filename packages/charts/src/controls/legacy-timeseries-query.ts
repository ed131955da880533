/**
 * The Query section of the incumbent's legacy time-series charts (rose, horizon): metrics per group over the
 * time column, a series limit with its sort metric, and contribution. One definition, so the two panels
 * keep the same controls, names and defaults.
 */
import type { ControlPanelSection } from './control-types';
import { control, custom, querySection, SHARED_CONTROLS } from './shared-controls';

/**
 * The legacy time-series Query section.
 *
 * @example
 * export const roseControlPanel = { sections: [legacyTimeseriesQuerySection(), ...] };
 */
export function legacyTimeseriesQuerySection(): ControlPanelSection {
  return querySection([
    [control('metrics')],
    [control('adhoc_filters')],
    [control('groupby')],
    [custom('limit', { ...SHARED_CONTROLS.series_limit, label: 'Series limit' })],
    [custom('timeseries_limit_metric', { ...SHARED_CONTROLS.series_limit_metric })],
    [control('order_desc')],
    [custom('contribution', { type: 'CheckboxControl', label: 'Contribution', description: 'Compute the contribution to the total', default: false })],
    [control('row_limit')],
  ]);
}
