/** Types of the deck.gl scatter plot (viz_type 'deck_scatter'). */
import type { Rgba } from '../deck-shared/colors';
import type { LonLat } from '../deck-shared/spatial';
import type { DeckProps } from '../deck-shared/types';

/** One point of the result. */
export interface ScatterPoint {
  position: LonLat;
  /** Radius in metres. */
  radius: number;
  color: Rgba;
  /** The dimension's value (null without a dimension). */
  category: unknown;
  /** The size metric's value (null with a fixed size). */
  value: number | null;
}

/** Render props of the deck scatter plot. */
export interface DeckScatterProps extends DeckProps {
  points: ScatterPoint[];
  minRadius: number;
  maxRadius: number;
  multiplier: number;
  metricName: string | null;
  dimension: string | null;
  formatValue(value: number | null): string;
}
