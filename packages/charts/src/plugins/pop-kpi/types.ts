/** Types of pop_kpi (Big Number with Time Period Comparison). */
import type { BaseChartProps } from '../../shared/mount';

/** How a change is coloured: the incumbent's comparison_color_scheme values. */
export type ComparisonColorScheme = 'Green' | 'Red';

/** The sign a change reads as: good, bad, or neither (no colour, or no change). */
export type ChangeTone = 'positive' | 'negative' | 'neutral';

/** One of the three comparison figures under the value: its symbol, text and what it means. */
export interface ComparisonFigure {
  symbol: '#' | '△' | '%';
  text: string;
  /** Read by screen readers and shown on hover (the incumbent's tooltip texts). */
  description: string;
  tone: ChangeTone;
}

/** Render props of pop_kpi. */
export interface PopKpiProps extends BaseChartProps {
  formattedValue: string;
  /** Fraction of change versus the comparison period (0 when both are 0, ±1 when one is 0). */
  percentChange: number;
  /** Tone of the arrow beside the value. */
  arrowTone: ChangeTone;
  figures: ComparisonFigure[];
  /** Font sizes in px, mapped from the header_font_size and subheader_font_size proportions. */
  headerPx: number;
  subheaderPx: number;
  /** The metric's label above the value when show_metric_name is on, else null. */
  metricName: string | null;
  metricNamePx: number;
  /** The saved subtitle (subheader in older saves) under the value; '' for none. */
  subtitle: string;
  subtitlePx: number;
}
