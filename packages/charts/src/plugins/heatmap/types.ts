/** Types of the heatmap. */
import type { BaseChartProps } from '../../shared/mount';

/** One grid cell. */
export interface HeatmapCell {
  /** Indices into xLabels / yLabels. */
  x: number;
  y: number;
  value: number | null;
  color: string;
  /** Value as text when show_values, else ''. */
  label: string;
  /** Tooltip text (with the percentage of its normalize_across group when show_percentage). */
  tooltip: string;
  /** The raw x and y values of the query row (what a cross filter compares to the columns). */
  xValue: unknown;
  yValue: unknown;
}

/** Render props of the heatmap. */
export interface HeatmapProps extends BaseChartProps {
  xLabels: string[];
  yLabels: string[];
  cells: HeatmapCell[];
  showLegend: boolean;
  /** Legend gradient: colours at 0, 0.25, ... 1 and the formatted ends. */
  legendStops: string[];
  legendMin: string;
  legendMax: string;
  /**
   * The physical columns a cell click filters on (its x AND its y), or null when the chart cannot
   * cross-filter: an ad-hoc (SQL) axis is no column to filter on, and a temporal x would need a range.
   */
  crossFilter: { xColumn: string; yColumn: string } | null;
}
