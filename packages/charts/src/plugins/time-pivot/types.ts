/** Types of the time-series period pivot. */
import type { BaseChartProps } from '../../shared/mount';

/** A period's line. */
export interface TimePivotSeries {
  /** 'current', '-1', '-2'... (the incumbent's series names). */
  name: string;
  /** The period's start, formatted (tooltips and screen readers say which period a line is). */
  periodLabel: string;
  color: string;
  /** Points over the latest period's span: x is the shifted instant (UTC ms), t the real one. */
  points: Array<{ x: number; t: number; y: number | null }>;
  /** Formatted y of each point. */
  formatted: string[];
}

/** d3 curve names of line_interpolation. */
/** NVD3's line styles the incumbent saves; here (not in the control panel) so the chart's runtime chunk carries no Explore code. */
export const LINE_INTERPOLATIONS = ['linear', 'basis', 'cardinal', 'monotone', 'step-before', 'step-after'] as const;
export type LineInterpolation = (typeof LINE_INTERPOLATIONS)[number];

/** Render props of the period pivot. */
export interface TimePivotProps extends BaseChartProps {
  metric: string;
  /** Latest period first. */
  series: TimePivotSeries[];
  /** Every shifted instant of any series, ascending: what the hover and the arrow keys step through. */
  steps: number[];
  interpolation: LineInterpolation;
  showLegend: boolean;
  /** Y domain (nice or the configured bounds). */
  yDomain: [number, number];
  logScale: boolean;
  xFormat: string;
  yFormat: string;
  xLabel: string;
  yLabel: string;
  /** left_margin / bottom_margin in px; null for 'auto'. */
  leftMargin: number | null;
  bottomMargin: number | null;
  /** x_axis_showminmax / y_axis_showminmax: label the axis ends. */
  xShowMinMax: boolean;
  yShowMinMax: boolean;
}
