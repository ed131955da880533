/** Types of the histogram. */
import type { BaseChartProps } from '../../shared/mount';

/** One series: the counts of one groupby group, per bin. */
export interface HistogramSeries {
  name: string;
  color: string;
  values: number[];
}

/** Render props of the histogram. */
export interface HistogramProps extends BaseChartProps {
  /** Bin labels, e.g. '10 - 20' (formatted with x_axis_format). */
  bins: string[];
  series: HistogramSeries[];
  showValue: boolean;
  showLegend: boolean;
  xAxisTitle: string;
  yAxisTitle: string;
  /** Formats a count (or a share when normalized) for ticks and labels. */
  yFormat: string;
}
