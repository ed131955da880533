/** Control panel of the paired t-test table (the incumbent's legacy control names and defaults). */
import type { ControlPanelConfig } from '../../controls/control-types';
import { legacyTimeseriesQuerySection } from '../../controls/legacy-timeseries-query';
import { custom } from '../../controls/shared-controls';

/** The paired_ttest panel. */
export const pairedTTestControlPanel: ControlPanelConfig = {
  sections: [
    legacyTimeseriesQuerySection(),
    {
      label: 'Parameters',
      expanded: false,
      controlSetRows: [
        [custom('significance_level', { type: 'TextControl', label: 'Significance level', description: 'Threshold alpha level for determining significance', default: 0.05, validators: [{ max: 1 }], renderTrigger: true })],
        [custom('pvalue_precision', { type: 'TextControl', label: 'p-value precision', description: 'Number of decimal places with which to display p-values', default: 6, validators: ['integer'], renderTrigger: true })],
        [custom('liftvalue_precision', { type: 'TextControl', label: 'Lift percent precision', description: 'Number of decimal places with which to display lift values', default: 4, validators: ['integer'], renderTrigger: true })],
      ],
    },
  ],
};
