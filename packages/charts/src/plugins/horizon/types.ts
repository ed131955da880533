/** Types of the horizon chart. */
import type { BaseChartProps } from '../../shared/mount';

/** One row: a series' values over the shared time steps, folded into bands. */
export interface HorizonSeries {
  name: string;
  /** The values drawn (after horizon_color_scale 'change'), one per time step; null where missing. */
  values: Array<number | null>;
  /** The values as the query returned them, formatted for the tooltip. */
  formatted: string[];
  /** The magnitude that fills every band of the row (the colour scale's domain). */
  extent: number;
}

/** Render props of the horizon chart. */
export interface HorizonProps extends BaseChartProps {
  series: HorizonSeries[];
  /** The time steps (UTC ms), ascending, shared by every row. */
  times: number[];
  /** Time steps formatted for the tooltip. */
  timeLabels: string[];
  /** series_height: px per row. */
  rowHeight: number;
  /** Band colours: the negative ones first (darkest first), then the positive ones (lightest first). */
  colors: readonly string[];
}
