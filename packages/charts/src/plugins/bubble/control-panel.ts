/** Control panel of the bubble chart. */
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection } from '../../controls/shared-controls';

const render = { renderTrigger: true } as const;
const metric = (name: string, label: string) => ({ name, config: { ...control('metric').config, label } });
const format = (name: string, label: string) => ({ name, config: { ...control('number_format').config, label } });

/** The bubble panel. */
export const bubbleControlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [custom('series', { type: 'GroupByControl', label: 'Series', description: 'Colours and legend entries' }), custom('entity', { type: 'GroupByControl', label: 'Entity', description: 'One bubble per entity', validators: ['nonEmpty'] })],
      [metric('x', 'X Axis'), metric('y', 'Y Axis')],
      [metric('size', 'Bubble Size')],
      [control('adhoc_filters')],
      [control('order_desc'), control('row_limit', { default: 10000 })],
    ]),
    {
      label: 'Chart options',
      expanded: true,
      controlSetRows: [
        [control('color_scheme'), control('show_legend')],
        [custom('max_bubble_size', { type: 'SelectControl', label: 'Max bubble size', default: '25', freeForm: true, choices: ['5', '10', '15', '25', '50', '75', '100'].map((v) => [v, v] as const), ...render })],
        [custom('opacity', { type: 'NumberControl', label: 'Opacity', default: 0.6, ...render }), format('tooltipSizeFormat', 'Bubble size number format')],
        [custom('x_axis_label', { type: 'TextControl', label: 'X axis title', default: '', ...render }), format('xAxisFormat', 'X axis format'), custom('logXAxis', { type: 'CheckboxControl', label: 'Logarithmic x-axis', default: false, ...render })],
        [custom('y_axis_label', { type: 'TextControl', label: 'Y axis title', default: '', ...render }), format('y_axis_format', 'Y axis format'), custom('logYAxis', { type: 'CheckboxControl', label: 'Logarithmic y-axis', default: false, ...render })],
      ],
    },
  ],
};
