/** Types of the pie (and donut) chart. */
import type { BaseChartProps } from '../../shared/mount';

/** One slice. */
export interface PieSlice {
  name: string;
  value: number;
  /** Share of the total, 0..1. */
  percent: number;
  color: string;
  /** Label text, '' when below the label threshold or labels are off. */
  label: string;
}

/** Render props of the pie chart. */
export interface PieProps extends BaseChartProps {
  slices: PieSlice[];
  total: number;
  donut: boolean;
  /** Radii as percentages of half the smaller side (the incumbent's innerRadius/outerRadius). */
  innerRadius: number;
  outerRadius: number;
  labelsOutside: boolean;
  showLegend: boolean;
  /** legendOrientation: the side of the card the legend sits on (top, bottom, left, right). */
  legendOrientation: string;
  formattedTotal: string;
  /** Column a slice click cross-filters on (the single groupby column); null when not possible. */
  crossFilterColumn: string | null;
  /** Raw groupby value of each slice, parallel to `slices` (what a cross filter sends). */
  sliceValues: unknown[];
}
