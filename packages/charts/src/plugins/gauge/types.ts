/** Types of the gauge chart. */
import type { BaseChartProps } from '../../shared/mount';

/** One gauge value (one per groupby row). */
export interface GaugeValue {
  name: string;
  value: number;
  /** Position on the scale, 0..1 (clamped). */
  fraction: number;
  color: string;
  formatted: string;
}

/** A coloured interval of the axis, as fractions of the scale. */
export interface GaugeInterval {
  from: number;
  to: number;
  color: string;
}

/** Render props of the gauge chart. */
export interface GaugeProps extends BaseChartProps {
  min: number;
  max: number;
  /** Degrees, the incumbent's convention: 0 at 3 o'clock, counter-clockwise positive. */
  startAngle: number;
  endAngle: number;
  values: GaugeValue[];
  intervals: GaugeInterval[];
  /** Formatted axis labels at split_number + 1 positions (empty when split lines/ticks are off). */
  ticks: Array<{ fraction: number; label: string }>;
  showPointer: boolean;
  showProgress: boolean;
  overlap: boolean;
  roundCap: boolean;
  fontSize: number;
}
