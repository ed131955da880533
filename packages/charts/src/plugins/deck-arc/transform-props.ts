/** Query and chart-data response -> the deck arc map's arcs (start, end, colours). */
import { getColumnLabel, type QueryContext, type QueryFormColumn, type QueryFormData } from '@lumen-bi/core';
import { chartColorScale } from '../../colors/chart-color-scale';
import { getRecords } from '../../shared/records';
import { requireResultColumns } from '../../shared/required-controls';
import type { TransformPropsInput } from '../../types';
import { deckQuery } from '../deck-shared/build-query';
import { toRgba, type Rgba } from '../deck-shared/colors';
import { deckBaseProps, positiveNumber } from '../deck-shared/props';
import { SkippedRows } from '../deck-shared/skipped-rows';
import { requireSpatial, rowPoint, spatialColumns, type LonLat } from '../deck-shared/spatial';
import type { DeckProps } from '../deck-shared/types';

/** One arc of the result. */
export interface Arc {
  source: LonLat;
  target: LonLat;
  sourceColor: Rgba;
  targetColor: Rgba;
  category: unknown;
}

/** Render props of deck_arc. */
export interface DeckArcProps extends DeckProps {
  arcs: Arc[];
  strokeWidth: number;
  dimension: string | null;
}

const START = 'Start Longitude & Latitude';
const END = 'End Longitude & Latitude';

/**
 * Raw rows of the start and end spatial columns and the dimension (the incumbent's arc query).
 *
 * @example
 * buildDeckArcQuery({ ..., start_spatial: { type: 'latlong', lonCol: 'o_lon', latCol: 'o_lat' }, end_spatial: { type: 'latlong', lonCol: 'd_lon', latCol: 'd_lat' } }).queries[0].columns;
 * // ['o_lon', 'o_lat', 'd_lon', 'd_lat']
 */
export function buildDeckArcQuery(formData: QueryFormData): QueryContext {
  const start = requireSpatial(formData, 'start_spatial', START);
  const end = requireSpatial(formData, 'end_spatial', END);
  const dimension = formData.dimension as QueryFormColumn | undefined | null;
  return deckQuery(formData, { spatialColumns: [...spatialColumns(start), ...spatialColumns(end)], columns: dimension ? [dimension] : [] });
}

/**
 * An arc per row with both ends placeable; the others are counted in the notice. With a dimension both
 * ends take its category colour, otherwise color_picker to target_color_picker.
 *
 * @example
 * transformDeckArcProps(input).arcs[0].source; // [-0.45, 51.47]
 */
export function transformDeckArcProps(input: TransformPropsInput): DeckArcProps {
  const fd = input.formData;
  const start = requireSpatial(fd, 'start_spatial', START);
  const end = requireSpatial(fd, 'end_spatial', END);
  const dimension = fd.dimension ? getColumnLabel(fd.dimension as QueryFormColumn) : null;
  requireResultColumns(input.queriesData[0], [...spatialColumns(start), ...spatialColumns(end), ...(dimension ? [dimension] : [])]);
  const sourceColor = toRgba(fd.color_picker, [0, 122, 135, 255]);
  const targetColor = toRgba(fd.target_color_picker, [0, 122, 135, 255]);
  const scale = dimension ? chartColorScale(input) : null;
  const skipped = new SkippedRows();
  const arcs: Arc[] = [];
  for (const row of getRecords(input.queriesData)) {
    const source = rowPoint(row, start, skipped);
    const target = source && rowPoint(row, end, skipped);
    if (!source || !target) continue;
    const category = dimension ? row[dimension] : null;
    const color = scale ? toRgba(scale.getColor(String(category)), sourceColor) : null;
    arcs.push({ source, target, sourceColor: color ?? sourceColor, targetColor: color ?? targetColor, category });
  }
  return {
    ...deckBaseProps(input, `Arc map of ${arcs.length} routes${dimension ? ` by ${dimension}` : ''}`, arcs.flatMap((a) => [a.source, a.target]), skipped),
    arcs,
    strokeWidth: positiveNumber(fd, 'stroke_width', 'Stroke Width', 1),
    dimension,
  };
}
