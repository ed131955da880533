/** Control panel of the graph chart (the incumbent's controls and form-data names). */
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection } from '../../controls/shared-controls';
import { singleColumnControl } from '../../controls/single-column-control';
import { legendOrientationControl, legendTypeControl } from '../../controls/legend-controls';

const isForce = (fd: Record<string, unknown>) => fd.layout !== 'circular';
const number = (label: string, fallback: number, description: string, force = false) =>
  ({ type: 'NumberControl' as const, label, default: fallback, description, renderTrigger: true, ...(force ? { visibility: isForce } : {}) });

/** The graph panel. */
export const graphControlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [singleColumnControl('source', 'Source', 'Name of the source nodes')],
      [singleColumnControl('target', 'Target', 'Name of the target nodes')],
      [control('metric')],
      [control('adhoc_filters')],
      [control('row_limit')],
      [singleColumnControl('source_category', 'Source category', 'The category of source nodes used to assign colors. If a node is associated with more than one category, only the first will be used.', { validators: [] })],
      [singleColumnControl('target_category', 'Target category', 'Category of target nodes', { validators: [] })],
    ]),
    {
      label: 'Chart options',
      expanded: true,
      controlSetRows: [
        [control('color_scheme')],
        [control('show_legend'), legendTypeControl(), legendOrientationControl()],
        [custom('legendSort', { type: 'SelectControl', label: 'Sort legend', default: null, choices: [[null, 'Original order'], ['asc', 'Label ascending'], ['desc', 'Label descending']], renderTrigger: true })],
        [custom('layout', { type: 'SelectControl', label: 'Graph layout', default: 'force', choices: [['force', 'Force'], ['circular', 'Circular']], renderTrigger: true, description: 'Layout type of graph' })],
        [custom('edgeSymbol', { type: 'SelectControl', label: 'Edge symbols', default: 'none,arrow', choices: [['none,none', 'None'], ['none,arrow', 'Arrow'], ['circle,arrow', 'Circle and arrow'], ['circle,circle', 'Circles']], renderTrigger: true, description: 'Symbol of two ends of edge line' })],
        [custom('roam', { type: 'SelectControl', label: 'Enable graph roaming', default: true, choices: [[false, 'Disabled'], ['scale', 'Scale only'], ['move', 'Move only'], [true, 'Scale and Move']], renderTrigger: true, description: 'Whether to enable changing graph position and scaling.' })],
        [custom('showSymbolThreshold', number('Label threshold', 0, 'Minimum value for label to be displayed on graph.'))],
        [custom('baseNodeSize', number('Node size', 20, 'Median node size, the largest node will be 4 times larger than the smallest'))],
        [custom('baseEdgeWidth', number('Edge width', 3, 'Median edge width, the thickest edge will be 4 times thicker than the thinnest.'))],
        [custom('edgeLength', number('Edge length', 400, 'Edge length between nodes', true))],
        [custom('gravity', number('Gravity', 0.3, 'Strength to pull the graph toward center', true))],
        [custom('repulsion', number('Repulsion', 1000, 'Repulsion strength between nodes', true))],
        [custom('friction', number('Friction', 0.2, 'Friction between nodes', true))],
      ],
    },
  ],
};
