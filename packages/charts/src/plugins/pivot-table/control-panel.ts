/** Control panel of the pivot table. */
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection } from '../../controls/shared-controls';
import { AGGREGATE_FUNCTION_NAMES } from './aggregators';

const render = { renderTrigger: true } as const;
const check = (name: string, label: string, description: string) => custom(name, { type: 'CheckboxControl', label, description, default: false, ...render });
const ORDER = [['key_a_to_z', 'key a-z'], ['key_z_to_a', 'key z-a'], ['value_a_to_z', 'value ascending'], ['value_z_to_a', 'value descending']] as const;

/** The pivot table panel (the incumbent's camelCase keys). */
export const pivotTableControlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [custom('groupbyColumns', { type: 'GroupByControl', label: 'Columns', multi: true, default: [] })],
      [custom('groupbyRows', { type: 'GroupByControl', label: 'Rows', multi: true, default: [] })],
      [control('metrics')],
      [custom('metricsLayout', { type: 'SelectControl', label: 'Apply metrics on', default: 'COLUMNS', choices: [['COLUMNS', 'Columns'], ['ROWS', 'Rows']], ...render })],
      [control('adhoc_filters')],
      [control('series_limit_metric'), control('order_desc')],
      [control('row_limit', { default: 10000 })],
    ]),
    {
      label: 'Options',
      expanded: true,
      controlSetRows: [
        [custom('aggregateFunction', { type: 'SelectControl', label: 'Aggregation function', default: 'Sum', choices: AGGREGATE_FUNCTION_NAMES.map((n) => [n, n] as const), ...render })],
        [check('rowTotals', 'Show rows total', 'Display row level total'), check('rowSubTotals', 'Show rows subtotal', 'Display row level subtotal')],
        [check('colTotals', 'Show columns total', 'Display column level total'), check('colSubTotals', 'Show columns subtotal', 'Display column level subtotal')],
        [check('transposePivot', 'Transpose pivot', 'Swap rows and columns'), check('combineMetric', 'Combine metrics', 'Display metrics side by side within each column')],
        [{ name: 'valueFormat', config: { ...control('number_format').config, label: 'Value format' } }, control('date_format')],
        [custom('rowOrder', { type: 'SelectControl', label: 'Rows sort by', default: 'key_a_to_z', choices: ORDER, ...render }), custom('colOrder', { type: 'SelectControl', label: 'Cols sort by', default: 'key_a_to_z', choices: ORDER, ...render })],
      ],
    },
  ],
};
