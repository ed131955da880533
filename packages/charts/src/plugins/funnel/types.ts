/** Types of the funnel chart. */
import type { BaseChartProps } from '../../shared/mount';

/** One funnel step. */
export interface FunnelStep {
  name: string;
  value: number;
  /** Share per percent_calculation_type (first step, previous step or total), 0..1. */
  percent: number;
  color: string;
  /** Label text ('' when labels are off). */
  label: string;
  /** Tooltip text (tooltip_label_type). */
  tooltip: string;
}

/** Render props of the funnel chart. */
export interface FunnelProps extends BaseChartProps {
  steps: FunnelStep[];
  showLegend: boolean;
  /** The one groupby column whose values the steps are (cross filters); null with several or none. */
  crossFilterColumn: string | null;
  /** Raw value of each step in crossFilterColumn (what a cross filter selects), [] without one. */
  stepValues: unknown[];
}
