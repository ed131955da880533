/** Types of the bubble chart. */
import type { BaseChartProps } from '../../shared/mount';

/** One bubble. */
export interface Bubble {
  entity: string;
  /** Legend series (the `series` column's value, else the entity). */
  series: string;
  x: number;
  y: number;
  size: number;
  /** Diameter in px: the incumbent's linear size scale up to twice max_bubble_size, plus 5. */
  diameter: number;
  color: string;
  tooltip: string;
}

/** Render props of the bubble chart. */
export interface BubbleProps extends BaseChartProps {
  bubbles: Bubble[];
  /** Distinct series with colours, for the legend. */
  legend: Array<{ name: string; color: string }>;
  showLegend: boolean;
  logX: boolean;
  logY: boolean;
  opacity: number;
  xFormat: string;
  yFormat: string;
  xAxisLabel: string;
  yAxisLabel: string;
}
