/** Types of the radar chart. */
import type { BaseChartProps } from '../../shared/mount';

/** One axis of the radar: a metric and the value range its spoke spans. */
export interface RadarAxis {
  name: string;
  min: number;
  max: number;
}

/** One series: a group's values, one per axis. */
export interface RadarSeries {
  name: string;
  color: string;
  /** Raw values, one per axis (null where the query had none). */
  values: Array<number | null>;
  /** Where each value sits on its spoke, 0 (centre) .. 1 (rim). */
  positions: number[];
  /** Formatted values, one per axis. */
  formatted: string[];
  /** Point labels ('' each when show_labels is off). */
  labels: string[];
  /** Raw value of the one groupby column (what a cross filter selects); undefined without one. */
  filterValue?: unknown;
}

/** Render props of the radar chart. */
export interface RadarProps extends BaseChartProps {
  axes: RadarAxis[];
  series: RadarSeries[];
  /** is_circle: round grid rings instead of polygons. */
  circle: boolean;
  showLegend: boolean;
  /** legendOrientation: 'top', 'bottom', 'left' or 'right'. */
  legendOrientation: string;
  /** The groupby column a series selects; null with several or none. */
  crossFilterColumn: string | null;
}
