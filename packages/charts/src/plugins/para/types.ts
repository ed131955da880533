/** Types of the parallel coordinates chart. */
import type { BaseChartProps } from '../../shared/mount';

/** A vertical axis: a metric's range, or the series column's values (include_series). */
export type ParaAxis =
  | { kind: 'number'; name: string; min: number; max: number }
  | { kind: 'category'; name: string; categories: string[] };

/** One row of the result: a line across the axes. */
export interface ParaLine {
  /** The row's series value. */
  name: string;
  color: string;
  /** Where the line crosses each axis, 0 (bottom) .. 1 (top); null where the row has no value. */
  positions: Array<number | null>;
  /** The row's value on each axis, formatted. */
  formatted: string[];
  /** The secondary metric, formatted ('' without one): what the colour stands for. */
  colorValue: string;
}

/** Render props of the parallel coordinates chart. */
export interface ParaProps extends BaseChartProps {
  axes: ParaAxis[];
  lines: ParaLine[];
  /** The series column's label (the data table's first column). */
  seriesName: string;
  /** The secondary metric's label; null without one. */
  colorMetric: string | null;
  /** The metrics' labels (the data table's other columns). */
  metrics: string[];
  /** show_datatable: the rows as a table under the chart. */
  showDatatable: boolean;
  /** The metrics' values per row, formatted (the data table's cells). */
  tableCells: string[][];
}
