/** Types of the word cloud. */
import type { BaseChartProps } from '../../shared/mount';

/** Rotation modes (the incumbent's `rotation` control). */
export type WordRotation = 'flat' | 'square' | 'random';

/** A word with its size and colour, before layout. */
export interface CloudWord {
  text: string;
  value: number;
  /** Font size in px, linear in the value between size_from and size_to. */
  size: number;
  color: string;
  /** Degrees; derived from the text so layouts are deterministic. */
  rotate: number;
  /** The value formatted for the tooltip. */
  formatted: string;
}

/** A word placed by the layout (centre position). */
export interface PlacedWord extends CloudWord {
  x: number;
  y: number;
}

/** Render props of the word cloud. */
export interface WordCloudProps extends BaseChartProps {
  words: CloudWord[];
}
