/** Query of the histogram: raw rows of column (+ groupby), binned on the server by `histogram`. */
import { buildQueryContext, getColumnLabel, type QueryContext, type QueryFormColumn, type QueryFormData } from '@lumen-bi/core';
import { requireControl } from '../../shared/required-controls';

/**
 * The incumbent's histogram_v2 query: columns [...groupby, column], no metrics, and the `histogram`
 * post-processing with its option names (bins defaults to 5 when not a number).
 *
 * @example
 * buildHistogramQuery({ datasource: '22__table', viz_type: 'histogram_v2', column: 'quantity_ordered', groupby: ['deal_size'], bins: 10 })
 *   .queries[0].post_processing;
 * // [{ operation: 'histogram', options: { column: 'quantity_ordered', groupby: ['deal_size'], bins: 10, cumulative: undefined, normalize: undefined } }]
 */
export function buildHistogramQuery(formData: QueryFormData): QueryContext {
  const column = requireControl<QueryFormColumn>(formData, 'column', 'Column');
  const groupby = (formData.groupby ?? []) as QueryFormColumn[];
  // Saves from the legacy histogram keep the bin count in link_length (the incumbent's migration to
  // histogram_v2 turns it into bins): the example bundle's FCC age histogram asks for 25 bins that way.
  const saved = formData.bins ?? formData.link_length;
  const bins = saved === null || saved === undefined || saved === '' || Number.isNaN(Number(saved)) ? 5 : Number(saved);
  return buildQueryContext(formData, (base) => {
    const { metrics: _drop, ...rest } = base;
    return [
      {
        ...rest,
        columns: [...groupby, column],
        post_processing: [
          {
            operation: 'histogram',
            options: { column: getColumnLabel(column), groupby: groupby.map(getColumnLabel), bins, cumulative: formData.cumulative, normalize: formData.normalize },
          },
        ],
      },
    ];
  });
}
