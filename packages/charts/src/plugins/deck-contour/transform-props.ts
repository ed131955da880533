/** Chart-data response -> the deck contour map's weighted points, cell size and contours. */
import type { TransformPropsInput } from '../../types';
import { aggregationOperation, aggregationProps, type DeckAggregationProps } from '../deck-shared/aggregation';
import { positiveNumber } from '../deck-shared/props';
import { readContours, type DeckContour } from './contours';

/** Render props of deck_contour. */
export interface DeckContourProps extends DeckAggregationProps {
  /** Cell size in metres (cellSize). */
  cellSize: number;
  contours: DeckContour[];
  aggregation: 'SUM' | 'MEAN' | 'MIN' | 'MAX';
}

/**
 * Points weighted by the Weight metric, aggregated on the GPU into cellSize-metre cells traced into contours.
 *
 * @example
 * transformDeckContourProps(input).cellSize; // 200 by default
 */
export function transformDeckContourProps(input: TransformPropsInput): DeckContourProps {
  const fd = input.formData;
  return {
    ...aggregationProps(input, 'Contour map'),
    cellSize: positiveNumber(fd, 'cellSize', 'Cell Size', 200),
    contours: readContours(fd.contours, fd.linear_color_scheme),
    aggregation: aggregationOperation(fd, 'aggregation', 'Aggregation'),
  };
}
