/** Types of the box plot. */
import type { BaseChartProps } from '../../shared/mount';

/** One box: the distribution statistics of one group (and metric). */
export interface BoxStats {
  name: string;
  color: string;
  /** Lower whisker, first quartile, median, third quartile, upper whisker. */
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
  mean: number;
  count: number;
  outliers: number[];
}

/** Render props of the box plot. */
export interface BoxPlotProps extends BaseChartProps {
  boxes: BoxStats[];
  numberFormat: string;
  xAxisTitle: string;
  yAxisTitle: string;
  /** The one groupby column whose values the boxes are (cross filters); null with several, none or several metrics. */
  crossFilterColumn: string | null;
  /** Raw value of each box in crossFilterColumn, [] without one. */
  boxValues: unknown[];
}
