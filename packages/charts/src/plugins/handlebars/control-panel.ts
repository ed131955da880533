/** Control panel of the handlebars chart, with the incumbent's form-data names. */
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection } from '../../controls/shared-controls';
import { QUERY_MODES_CHOICES } from '../table/query-modes';
import { DEFAULT_TEMPLATE } from './template';

const isRaw = (fd: { query_mode?: unknown }) => fd.query_mode === 'raw';
const isAggregate = (fd: { query_mode?: unknown }) => fd.query_mode !== 'raw';

/** handlebars: the table's query controls, then the template. */
export const handlebarsControlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [custom('query_mode', { type: 'SelectControl', label: 'Query mode', default: 'aggregate', choices: QUERY_MODES_CHOICES })],
      [control('groupby', { visibility: isAggregate })],
      [control('metrics', { validators: [], visibility: isAggregate })],
      [custom('all_columns', { type: 'GroupByControl', label: 'Columns', multi: true, default: [], validators: ['nonEmpty'], visibility: isRaw })],
      [custom('order_by_cols', { type: 'SortControl', label: 'Ordering', multi: true, default: [], visibility: isRaw })],
      [control('adhoc_filters')],
      [control('row_limit'), control('order_desc', { visibility: isAggregate })],
    ]),
    {
      label: 'Options',
      expanded: true,
      controlSetRows: [
        [
          custom('handlebarsTemplate', {
            type: 'TextControl',
            label: 'Template',
            description: 'A Handlebars template over `data` (the rows). Helpers: dateFormat, formatNumber, stringify, parseJson, eq, gt, sum, ... The output is sanitised as dashboard markdown is.',
            default: DEFAULT_TEMPLATE,
            renderTrigger: true,
          }),
        ],
        [
          custom('styleTemplate', {
            type: 'TextControl',
            label: 'CSS Styles',
            description: 'CSS applied to the chart (scoped to it and sanitised as dashboard CSS is: no fixed positioning, imports or remote URLs).',
            default: '',
            renderTrigger: true,
          }),
        ],
      ],
    },
  ],
};
