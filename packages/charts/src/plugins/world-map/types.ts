/** Types of the world map (viz_type 'world_map'). */
import type { ChoroplethLegend } from '../../shared/geo/choropleth';
import type { BaseChartProps } from '../../shared/mount';

/** One country of the result: its rows' values and how it is drawn. */
export interface WorldMapCountry {
  /** ISO 3166-1 numeric code, the key of its shape. */
  numeric: string;
  cca3: string;
  name: string;
  /** The entity column's value as the data holds it: what a cross filter filters on. */
  entityValue: unknown;
  /** metric (m1 in the incumbent's terms). */
  value: number | null;
  /** secondary_metric (m2), or the metric when there is none: the bubble's size. */
  bubbleValue: number | null;
  fill: string;
  /** Bubble radius in pixels (0 without bubbles). */
  radius: number;
}

/** The colour legend: a ramp from the smallest to the largest value, or none (coloured by country). */
export type WorldMapLegend = ChoroplethLegend;

/** Render props of the world map. */
export interface WorldMapProps extends BaseChartProps {
  countries: WorldMapCountry[];
  metricName: string;
  bubbleMetricName: string;
  formatValue(value: number | null): string;
  legend: WorldMapLegend | null;
  showBubbles: boolean;
  bubbleColor: string;
  /** Rows whose country value matched no country (reported under the map). */
  skipped: number;
  /** Column a click filters on; null when the entity is not a plain column. */
  crossFilterColumn: string | null;
}
