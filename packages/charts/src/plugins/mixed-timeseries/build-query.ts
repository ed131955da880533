/**
 * Query of the mixed chart: query A and query B, each the time-series query of its own form data (the
 * `_b` controls for B) over the shared x axis and time grain, sent together in one query context.
 */
import type { QueryContext, QueryFormData } from '@lumen-bi/core';
import { buildTimeseriesQuery } from '../timeseries/build-query';
import { withSuffix, withoutSuffix } from './form-data-suffix';

/** The errors of a query without a metric (both queries need one, as in the incumbent's control panel). */
export const QUERY_A_METRIC_REQUIRED = 'Query A: Metrics cannot be empty';
export const QUERY_B_METRIC_REQUIRED = 'Query B: Metrics cannot be empty';

const hasMetrics = (formData: QueryFormData) => Array.isArray(formData.metrics) && formData.metrics.length > 0;

/**
 * Builds the chart-data request of a mixed chart: two queries, A then B.
 *
 * @example
 * buildMixedTimeseriesQuery({ datasource: '22__table', viz_type: 'mixed_timeseries', x_axis: 'order_date',
 *   metrics: ['count'], metrics_b: ['sum__sales'] }).queries.map((q) => q.metrics); // [['count'], ['sum__sales']]
 */
export function buildMixedTimeseriesQuery(formData: QueryFormData): QueryContext {
  const queryA = withoutSuffix(formData);
  const queryB = withSuffix(formData);
  if (!hasMetrics(queryA)) throw new Error(QUERY_A_METRIC_REQUIRED);
  if (!hasMetrics(queryB)) throw new Error(QUERY_B_METRIC_REQUIRED);
  const contexts = [queryA, queryB].map(buildTimeseriesQuery);
  return { ...contexts[0], form_data: formData, queries: contexts.flatMap((context) => context.queries) };
}
