/** Query and chart-data response -> the deck polygon map's polygons coloured by the metric. */
import { getColumnLabel, getMetricLabel, type QueryContext, type QueryFormColumn, type QueryFormData, type QueryFormMetric } from '@lumen-bi/core';
import { getRecords, toNumberOrNull } from '../../shared/records';
import { requireControl, requireResultColumns } from '../../shared/required-controls';
import type { TransformPropsInput } from '../../types';
import { deckQuery } from '../deck-shared/build-query';
import { colorRange, toRgba, type Rgba } from '../deck-shared/colors';
import { lineWidthUnit, parseLines, readLineType } from '../deck-shared/line-geometry';
import { deckBaseProps, deckNumberFormat, positiveNumber } from '../deck-shared/props';
import { SkippedRows } from '../deck-shared/skipped-rows';
import type { LonLat } from '../deck-shared/spatial';
import type { DeckProps } from '../deck-shared/types';

/** One polygon of the result. */
export interface Polygon {
  polygon: LonLat[];
  value: number | null;
  fill: Rgba;
  /** The line column's value: what a cross filter names. */
  key: unknown;
}

/** Render props of deck_polygon. */
export interface DeckPolygonProps extends DeckProps {
  polygons: Polygon[];
  metricName: string;
  lineColumn: string;
  formatValue(value: number | null | undefined): string;
  stroke: Rgba;
  filled: boolean;
  stroked: boolean;
  extruded: boolean;
  lineWidth: number;
  widthUnits: 'meters' | 'pixels';
  /** Metres of height per unit of the metric when extruded. */
  elevationScale: number;
}

/**
 * The line column grouped with the metric (the incumbent's polygon query).
 *
 * @example
 * buildDeckPolygonQuery({ datasource: '1__table', viz_type: 'deck_polygon', line_column: 'zone', metric: 'count' }).queries[0].metrics; // ['count']
 */
export function buildDeckPolygonQuery(formData: QueryFormData): QueryContext {
  readLineType(formData);
  const line = requireControl<QueryFormColumn>(formData, 'line_column', 'Lines column');
  return deckQuery(formData, { spatialColumns: [line], metrics: [requireControl<QueryFormMetric>(formData, 'metric', 'Metric')] });
}

/**
 * A polygon per readable row, filled on linear_color_scheme from the smallest to the largest value.
 *
 * @example
 * transformDeckPolygonProps(input).polygons[0].value; // 42
 */
export function transformDeckPolygonProps(input: TransformPropsInput): DeckPolygonProps {
  const fd = input.formData;
  const lineColumn = getColumnLabel(requireControl<QueryFormColumn>(fd, 'line_column', 'Lines column'));
  const metricName = getMetricLabel(requireControl<QueryFormMetric>(fd, 'metric', 'Metric'));
  const type = readLineType(fd);
  requireResultColumns(input.queriesData[0], [lineColumn, metricName]);
  const skipped = new SkippedRows();
  const polygons: Polygon[] = [];
  for (const row of getRecords(input.queriesData)) {
    const rings = parseLines(row[lineColumn], type, fd.reverse_long_lat === true);
    if (typeof rings === 'string') skipped.add(rings);
    else for (const polygon of rings) polygons.push({ polygon, value: toNumberOrNull(row[metricName]), fill: [0, 0, 0, 0], key: row[lineColumn] });
  }
  colorByValue(polygons, fd.linear_color_scheme, positiveNumber(fd, 'opacity', 'Opacity', 80) / 100);
  return {
    ...deckBaseProps(input, `Polygon map of ${metricName} over ${polygons.length} polygons`, polygons.flatMap((p) => p.polygon), skipped),
    polygons,
    metricName,
    lineColumn,
    formatValue: deckNumberFormat(fd),
    stroke: toRgba(fd.stroke_color_picker, [0, 0, 0, 255]),
    filled: fd.filled !== false,
    stroked: fd.stroked === true,
    extruded: fd.extruded === true,
    lineWidth: positiveNumber(fd, 'line_width', 'Line width', 10),
    widthUnits: lineWidthUnit(fd),
    elevationScale: positiveNumber(fd, 'multiplier', 'Multiplier', 1),
  };
}

function colorByValue(polygons: Polygon[], scheme: unknown, opacity: number): void {
  const values = polygons.map((p) => p.value).filter((v): v is number => v !== null);
  const min = Math.min(...values);
  const span = Math.max(...values) - min || 1;
  const ramp = colorRange(scheme, 9);
  for (const p of polygons) {
    const base = p.value === null ? ([160, 160, 160, 255] as Rgba) : ramp[Math.round(((p.value - min) / span) * (ramp.length - 1))];
    p.fill = [base[0], base[1], base[2], Math.round(Math.min(1, opacity) * 255)];
  }
}
