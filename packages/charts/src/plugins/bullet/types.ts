/** Types of the bullet chart. */
import type { BaseChartProps } from '../../shared/mount';

/** One labelled value on the bullet's scale: a range's end, a marker or a marker line. */
export interface BulletMark {
  value: number;
  label: string;
  formatted: string;
}

/** Render props of the bullet chart. */
export interface BulletProps extends BaseChartProps {
  metricLabel: string;
  /** The metric's values (one per result row; one without columns), largest first so smaller ones stay visible. */
  measures: BulletMark[];
  /** Qualitative ranges, largest first (drawn behind, lightest). */
  ranges: BulletMark[];
  markers: BulletMark[];
  markerLines: BulletMark[];
  /** [min, max] of the scale: zero and every value. */
  domain: [number, number];
  measureColor: string;
  formatTick(value: number): string;
}
