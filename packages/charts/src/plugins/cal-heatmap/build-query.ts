/** Query of the calendar heatmap: the metrics per subdomain period (the legacy time-series query). */
import { buildQueryContext, type QueryContext, type QueryFormData } from '@lumen-bi/core';
import { requireControl } from '../../shared/required-controls';

/** The time grain of each cell size, as the incumbent maps subdomain_granularity. */
export const SUBDOMAIN_GRAINS: Readonly<Record<string, string>> = { min: 'PT1M', hour: 'PT1H', day: 'P1D', week: 'P1W', month: 'P1M', year: 'P1Y' };

/**
 * The incumbent's legacy cal_heatmap query: the metrics as a time series at the grain of one cell
 * (subdomain_granularity overrides any time grain).
 *
 * @example
 * buildCalHeatmapQuery({ datasource: '1__table', viz_type: 'cal_heatmap', granularity_sqla: 'ds', metrics: ['count'], subdomain_granularity: 'day' })
 *   .queries[0].extras.time_grain_sqla; // 'P1D'
 */
export function buildCalHeatmapQuery(formData: QueryFormData): QueryContext {
  requireControl(formData, 'metrics', 'Metrics');
  const grain = SUBDOMAIN_GRAINS[String(formData.subdomain_granularity ?? 'min')] ?? SUBDOMAIN_GRAINS.min;
  return buildQueryContext(formData, (base) => [{ ...base, is_timeseries: true, extras: { ...base.extras, time_grain_sqla: grain } }]);
}
