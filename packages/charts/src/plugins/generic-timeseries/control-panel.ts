/** Control panel of the generic time-series chart: the line chart's, plus the series type and its look. */
import type { ControlPanelConfig } from '../../controls/control-types';
import { custom } from '../../controls/shared-controls';
import { timeseriesControlPanel } from '../timeseries/control-panel';
import { SERIES_TYPE_CHOICES } from '../timeseries/series-type';

const LOOK_ROWS = [
  [custom('seriesType', { type: 'SelectControl', label: 'Series style', default: 'line', choices: SERIES_TYPE_CHOICES, renderTrigger: true })],
  [
    custom('area', { type: 'CheckboxControl', label: 'Area chart', default: false, renderTrigger: true }),
    custom('stack', { type: 'SelectControl', label: 'Stacked style', default: null, choices: [[null, 'None'], ['Stack', 'Stack']], renderTrigger: true }),
  ],
  [
    custom('opacity', { type: 'NumberControl', label: 'Area opacity', default: 0.2, validators: [{ max: 1 }], renderTrigger: true }),
    custom('markerSize', { type: 'NumberControl', label: 'Marker size', default: 6, validators: [{ max: 100 }], renderTrigger: true }),
  ],
];

/**
 * The panel (the line chart's sections, its chart options led by the series type).
 *
 * @example
 * genericTimeseriesControlPanel.sections.at(-1)?.controlSetRows[0][0].name; // 'seriesType'
 */
export const genericTimeseriesControlPanel: ControlPanelConfig = {
  sections: timeseriesControlPanel('line').sections.map((section) =>
    section.label === 'Chart options' ? { ...section, controlSetRows: [...LOOK_ROWS, ...section.controlSetRows] } : section,
  ),
};
