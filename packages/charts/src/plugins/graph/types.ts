/** Types of the graph chart (nodes and edges, force or circular layout). */
import type { BaseChartProps } from '../../shared/mount';

/** Where nodes go: pulled into place by forces, or evenly on a circle. */
export type GraphLayout = 'force' | 'circular';

import type { Roam } from './roam';

/** What an edge end shows. */
export type EdgeSymbol = 'none' | 'circle' | 'arrow';

/** One node: a value of the source or the target column. */
export interface GraphNodeDatum {
  name: string;
  /** Column the value was first seen in (what a click on the node cross filters). */
  column: string;
  /** The raw value (what a cross filter selects). */
  value: unknown;
  /** Sum of the metric over the node's edges. */
  total: number;
  /** Category (source_category / target_category value), null without one. */
  category: string | null;
  color: string;
  /** Radius in px, from the node's total between half and twice baseNodeSize (as the incumbent scales it). */
  radius: number;
  showLabel: boolean;
  tooltip: string;
}

/** One edge. */
export interface GraphEdgeDatum {
  source: number;
  target: number;
  value: number;
  color: string;
  width: number;
  tooltip: string;
}

/** Force settings (the incumbent's edgeLength, repulsion, gravity, friction). */
export interface GraphForces {
  edgeLength: number;
  repulsion: number;
  gravity: number;
  friction: number;
}

/** Render props of the graph chart. */
export interface GraphProps extends BaseChartProps {
  nodes: GraphNodeDatum[];
  edges: GraphEdgeDatum[];
  /** Legend entries: the categories with their colours (empty without categories). */
  categories: Array<{ name: string; color: string }>;
  showLegend: boolean;
  /** legendType: 'scroll' (one scrolling line) or 'plain' (wrapped). */
  legendType: string;
  /** legendOrientation: the side of the card the legend sits on. */
  legendOrientation: string;
  layout: GraphLayout;
  forces: GraphForces;
  /** Symbols at the [source, target] ends of edges. */
  edgeSymbols: [EdgeSymbol, EdgeSymbol];
  /** Zoom and pan gestures the chart answers (the incumbent's roam). */
  roam: Roam;
}
