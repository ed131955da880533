/** Types of the calendar heatmap (cal_heatmap). */
import type { BaseChartProps } from '../../shared/mount';

/** domain_granularity: the period each small grid covers. */
export type CalDomain = 'hour' | 'day' | 'week' | 'month' | 'year';
/** subdomain_granularity: the period of one cell. */
export type CalSubdomain = 'min' | 'hour' | 'day' | 'week' | 'month';

/** One cell of a domain's grid. */
export interface CalCell {
  /** Cell start (UTC ms). */
  time: number;
  col: number;
  row: number;
  value: number | null;
  /** The value's colour on the metric's scale; null for an empty cell. */
  color: string | null;
}

/** One domain's grid (a month of days, a day of hours...), labelled. */
export interface CalDomainGrid {
  label: string;
  cols: number;
  rows: number;
  cells: CalCell[];
}

/** One metric's calendar: its domains, colour range and legend. */
export interface CalMetric {
  name: string;
  domains: CalDomainGrid[];
  min: number;
  max: number;
  /** The legend's steps: a value and its colour each. */
  legend: Array<{ value: number; color: string; label: string }>;
}

/** Render props of the calendar heatmap. */
export interface CalHeatmapProps extends BaseChartProps {
  metrics: CalMetric[];
  formatValue: (value: number) => string;
  formatTime: (ms: number) => string;
  cellSize: number;
  cellPadding: number;
  cellRadius: number;
  showLegend: boolean;
  showValues: boolean;
  showMetricName: boolean;
  /** domain_granularity, naming the previous/next buttons ('Previous month'). */
  domainUnit: CalDomain;
}
