/** Types of the Nightingale rose (rose). */
import type { BaseChartProps } from '../../shared/mount';

/** Render props of the rose: a wedge per time step, split radially into a segment per series. */
export interface RoseProps extends BaseChartProps {
  /** Series names, in stacking order from the centre out. */
  series: string[];
  colors: string[];
  /** The time steps (UTC ms), ascending: one wedge each, clockwise from the top. */
  times: number[];
  timeLabels: string[];
  /** values[t][s]: series s at time step t (missing values are 0, as the incumbent draws them). */
  values: number[][];
  formatValue: (value: number) => string;
  /** rose_area_proportion: segment areas, not radii, proportional to values. */
  areaProportion: boolean;
  /** rich_tooltip: the tooltip lists every series of the time step, not only the hovered one. */
  richTooltip: boolean;
}

/** One segment's geometry (angles in radians clockwise from the top, radii in pixels). */
export interface RoseArc {
  time: number;
  series: number;
  startAngle: number;
  endAngle: number;
  innerRadius: number;
  outerRadius: number;
}
