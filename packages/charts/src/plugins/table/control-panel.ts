/** Control panel of the table. */
import { QUERY_MODES_CHOICES } from './query-modes';
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection } from '../../controls/shared-controls';

const isRaw = (fd: { query_mode?: unknown }) => fd.query_mode === 'raw';
const isAggregate = (fd: { query_mode?: unknown }) => fd.query_mode !== 'raw';

/** The table's panel: query mode switches between aggregate and raw controls. */
export const tableControlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [custom('query_mode', { type: 'SelectControl', label: 'Query mode', default: 'aggregate', choices: QUERY_MODES_CHOICES })],
      [control('groupby', { visibility: isAggregate })],
      [control('metrics', { validators: [], visibility: isAggregate })],
      [custom('percent_metrics', { type: 'MetricsControl', label: 'Percentage metrics', multi: true, default: [], visibility: isAggregate })],
      [custom('all_columns', { type: 'GroupByControl', label: 'Columns', multi: true, default: [], validators: ['nonEmpty'], visibility: isRaw })],
      [custom('order_by_cols', { type: 'SortControl', label: 'Ordering', multi: true, default: [], visibility: isRaw })],
      [control('adhoc_filters')],
      [control('row_limit'), control('order_desc', { visibility: isAggregate })],
      [custom('server_pagination', { type: 'CheckboxControl', label: 'Server pagination', default: false })],
      [custom('show_totals', { type: 'CheckboxControl', label: 'Show summary', default: false, visibility: isAggregate })],
    ]),
    {
      label: 'Options',
      expanded: true,
      controlSetRows: [
        [custom('page_length', { type: 'SelectControl', label: 'Page length', default: null, choices: [[null, 'All'], [10, '10'], [20, '20'], [50, '50'], [100, '100']], renderTrigger: true })],
        [custom('include_search', { type: 'CheckboxControl', label: 'Search box', default: false, renderTrigger: true })],
        [control('date_format', { label: 'Timestamp format' })].map((c) => ({ ...c, name: 'table_timestamp_format' })),
        [custom('show_cell_bars', { type: 'CheckboxControl', label: 'Show cell bars', description: 'Whether to display a bar chart background in table columns', default: true, renderTrigger: true })],
        [
          custom('align_pn', { type: 'CheckboxControl', label: 'Align +/-', description: 'Whether to align background charts with both positive and negative values at 0', default: false, renderTrigger: true }),
          custom('color_pn', { type: 'CheckboxControl', label: 'Add colors to cell bars for +/-', description: 'Whether to colorize numeric values by whether they are positive or negative', default: true, renderTrigger: true }),
        ],
        [custom('conditional_formatting', { type: 'ConditionalFormattingControl', label: 'Conditional formatting', default: [], renderTrigger: true })],
      ],
    },
  ],
};
