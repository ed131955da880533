/** Types of the waterfall chart. */
import type { BaseChartProps } from '../../shared/mount';
import type { TooltipLine } from '../../shared/tooltip';

/** The three kinds of bars, each with its own colour and legend entry. */
export type WaterfallKind = 'increase' | 'decrease' | 'total';

/** One bar: it spans from `start` to `end` on the value axis. */
export interface WaterfallBar {
  /** Axis label (an x value, a breakdown value or the total label). */
  label: string;
  kind: WaterfallKind;
  start: number;
  end: number;
  /** Value label drawn by the bar when show_value ('' otherwise). */
  valueLabel: string;
  tooltipTitle: string;
  tooltipLines: TooltipLine[];
  /** Raw value a cross filter selects; undefined for bars that select nothing (totals, time buckets). */
  filterValue?: unknown;
}

/** Render props of the waterfall chart. */
export interface WaterfallProps extends BaseChartProps {
  bars: WaterfallBar[];
  /** Colour of each kind (the increase_color, decrease_color and total_color controls). */
  colors: Record<WaterfallKind, string>;
  /** Legend names of each kind (increase_label, decrease_label, total_label or their defaults). */
  names: Record<WaterfallKind, string>;
  showLegend: boolean;
  /** y_axis_format, for the value axis ticks. */
  yAxisFormat: string;
  xAxisLabel: string;
  yAxisLabel: string;
  /** x_ticks_layout: 'auto', 'flat', '45°', '90°' or 'staggered'. */
  xTicksLayout: string;
  /** The column a bar's filterValue belongs to; null when the bars cannot cross filter. */
  crossFilterColumn: string | null;
}
