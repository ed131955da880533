/** Control panel of the tree chart (the incumbent's controls and form-data names). */
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection } from '../../controls/shared-controls';
import { singleColumnControl } from '../../controls/single-column-control';

const POSITIONS = [['top', 'top'], ['bottom', 'bottom'], ['left', 'left'], ['right', 'right']] as const;

/** The tree panel. */
export const treeControlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [singleColumnControl('id', 'Id', 'Name of the id column')],
      [singleColumnControl('parent', 'Parent', 'Name of the column containing the id of the parent node')],
      [singleColumnControl('name', 'Name', 'Optional name of the data column.', { validators: [] })],
      [custom('root_node_id', { type: 'TextControl', label: 'Root node id', description: 'Id of root node of the tree.', renderTrigger: true })],
      [control('metric', { label: 'Metric', description: 'Metric for node values' })],
      [control('adhoc_filters')],
      [control('row_limit')],
    ]),
    {
      label: 'Chart options',
      expanded: true,
      controlSetRows: [
        [custom('layout', { type: 'SelectControl', label: 'Tree layout', default: 'orthogonal', choices: [['orthogonal', 'Orthogonal'], ['radial', 'Radial']], renderTrigger: true, description: 'Layout type of tree' })],
        [custom('orient', { type: 'SelectControl', label: 'Tree orientation', default: 'LR', choices: [['LR', 'Left to Right'], ['RL', 'Right to Left'], ['TB', 'Top to Bottom'], ['BT', 'Bottom to Top']], renderTrigger: true, visibility: (fd) => fd.layout !== 'radial', description: 'Orientation of tree' })],
        [custom('node_label_position', { type: 'SelectControl', label: 'Node label position', default: 'left', choices: POSITIONS, renderTrigger: true, description: 'Position of intermediate node label on tree' })],
        [custom('child_label_position', { type: 'SelectControl', label: 'Child label position', default: 'bottom', choices: POSITIONS, renderTrigger: true, description: 'Position of child node label on tree' })],
        [custom('symbol', { type: 'SelectControl', label: 'Symbol', default: 'emptyCircle', choices: [['emptyCircle', 'Empty circle'], ['circle', 'Circle'], ['rect', 'Rectangle'], ['triangle', 'Triangle'], ['diamond', 'Diamond'], ['roundRect', 'Round rectangle'], ['none', 'None']], renderTrigger: true, description: 'Symbol of the nodes' })],
        [custom('symbolSize', { type: 'NumberControl', label: 'Symbol size', default: 7, renderTrigger: true, description: 'Size of edge symbols' })],
        [custom('initialTreeDepth', { type: 'NumberControl', label: 'Initial tree depth', default: 2, renderTrigger: true, description: 'The initial level (depth) of the tree. If set as -1 all nodes are expanded.' })],
      ],
    },
  ],
};
