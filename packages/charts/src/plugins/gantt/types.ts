/** Types of the Gantt chart. */
import type { BaseChartProps } from '../../shared/mount';
import type { TooltipLine } from '../../shared/tooltip';

/** One event: a bar from its start to its end on its row. */
export interface GanttBar {
  /** Row index, 0 at the top. */
  row: number;
  start: number;
  end: number;
  color: string;
  /** The series (dimension) value's label, '' without a dimension. */
  series: string;
  tooltipTitle: string;
  tooltipLines: TooltipLine[];
  /** Raw value a cross filter selects (the series value, else the y-axis category). */
  filterValue: unknown;
}

/** A y-axis category and the rows it spans (several with subcategories). */
export interface GanttCategory {
  name: string;
  firstRow: number;
  rowCount: number;
}

/** Render props of the Gantt chart. */
export interface GanttProps extends BaseChartProps {
  bars: GanttBar[];
  categories: GanttCategory[];
  rowCount: number;
  /** The time axis's range (UTC ms): x_axis_time_bounds merged with the data's extent. */
  domain: [number, number];
  /** x_axis_time_format, for the time axis ticks. */
  xAxisTimeFormat: string;
  legend: { name: string; color: string }[];
  showLegend: boolean;
  legendOrientation: string;
  xAxisTitle: string;
  yAxisTitle: string;
  /** The column a bar's filterValue belongs to; null when it is no plain column. */
  crossFilterColumn: string | null;
}
