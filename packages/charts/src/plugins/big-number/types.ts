/** Types of big_number (with trendline) and big_number_total. */
import type { BaseChartProps } from '../../shared/mount';

/** Render props of both big-number charts. */
export interface BigNumberProps extends BaseChartProps {
  value: number | null;
  formattedValue: string;
  subheader: string;
  /** Percentage change versus `compare_lag` periods earlier (fraction), null when not computable. */
  percentChange: number | null;
  formattedPercentChange: string;
  /** Trendline as uPlot data [x ms, y]; null for big_number_total or when hidden. */
  trendline: [Float64Array, Array<number | null> | Float64Array] | null;
  /** start_y_axis_at_zero: the trendline's value axis includes 0 (the incumbent's default). */
  startYAxisAtZero: boolean;
  color: string;
  headerFontSize: number;
  subheaderFontSize: number;
}
