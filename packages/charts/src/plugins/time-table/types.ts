/** Types of the time-series table (time_table). */
import type { BaseChartProps } from '../../shared/mount';

/** The incumbent's column kinds of column_collection: sparkline, time comparison, contribution, average. */
export type TimeTableColumnType = 'spark' | 'time' | 'contrib' | 'avg';

/** One entry of the incumbent's column_collection form data, as saved. */
export interface TimeTableColumnConfig {
  key?: string;
  label?: string;
  tooltip?: string;
  colType?: TimeTableColumnType | '';
  width?: string | number;
  height?: string | number;
  timeLag?: string | number;
  timeRatio?: string | number;
  comparisonType?: '' | 'diff' | 'perc' | 'perc_change';
  showYAxis?: boolean;
  yAxisBounds?: Array<number | null>;
  bounds?: Array<number | null>;
  d3format?: string;
  dateFormat?: string;
  sparkType?: 'line' | 'bar' | 'area';
}

/** A sparkline cell: the row's values over time (or their ratios), with formatted points for the tooltip. */
export interface SparkCell {
  kind: 'spark';
  values: Array<number | null>;
  /** Formatted value and time of each point, for the tooltip and screen readers. */
  labels: string[];
  width: number;
  height: number;
  sparkType: 'line' | 'bar' | 'area';
  /** Drawn y extent: yAxisBounds where set, else the data's. */
  yMin: number;
  yMax: number;
  showYAxis: boolean;
  /** Formatted yMin and yMax, shown with showYAxis. */
  axisLabels: [string, string];
}

/** A number cell (time, contrib, avg): its value, its text and the colour its bounds give it. */
export interface ValueCell {
  kind: 'value';
  value: number | null;
  text: string;
  /** From the column's bounds (null when the column has none). */
  color: string | null;
}

/** One row: a metric (or a group's value of the single metric) and its cells in column order. */
export interface TimeTableRow {
  label: string;
  cells: Array<SparkCell | ValueCell>;
}

/** Render props of the time-series table. */
export interface TimeTableProps extends BaseChartProps {
  /** Header of the first column. */
  rowHeader: string;
  columns: Array<{ key: string; label: string; tooltip: string }>;
  rows: TimeTableRow[];
  /** The initial order: by the first column, largest first, when rows are groups (the incumbent's default). */
  defaultSort: { column: number; desc: boolean } | null;
}
