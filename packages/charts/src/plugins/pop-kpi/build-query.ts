/** The query of pop_kpi: one aggregate over the time range, and the same over each comparison period. */
import { buildQueryContext, type QueryContext, type QueryFormData } from '@lumen-bi/core';
import { isTimeComparison, timeCompareOperator } from '../../shared/post-processing';
import { requireControl } from '../../shared/required-controls';
import { popKpiTimeOffsets, popKpiTimeRange } from './time-offsets';

const asArray = (v: unknown): string[] => (v === null || v === undefined || v === '' ? [] : Array.isArray(v) ? v.map(String) : [String(v)]);

/**
 * The incumbent's pop_kpi query: the metric without columns (groupby from `cols`, which its form data
 * never sets), the comparison compare operator when a calculation type asks for one, and the time shift
 * as time_offsets ('inherit' and 'custom' resolved to days here, as the incumbent resolves them).
 *
 * @example
 * buildPopKpiQuery({ datasource: '1__table', viz_type: 'pop_kpi', metric: 'count', time_compare: '1 year ago', comparison_type: 'values' })
 *   .queries[0].time_offsets; // ['1 year ago']
 */
export function buildPopKpiQuery(formData: QueryFormData, now: number = Date.now()): QueryContext {
  requireControl(formData, 'metric', 'Metric');
  return buildQueryContext(formData, (base) => {
    const compare = timeCompareOperator(formData, base);
    const offsets = isTimeComparison(formData)
      ? popKpiTimeOffsets(asArray(formData.time_compare), popKpiTimeRange(formData, base.time_range), formData.start_date_offset, now)
      : [];
    return [{ ...base, ...(formData.cols ? { columns: asArray(formData.cols) } : {}), post_processing: compare ? [compare] : [], time_offsets: offsets }];
  });
}
