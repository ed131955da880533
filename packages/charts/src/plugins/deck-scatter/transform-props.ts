/** Chart-data response -> the deck scatter plot's points (position, radius in metres, colour). */
import { getMetricLabel } from '@lumen-bi/core';
import { chartColorScale } from '../../colors/chart-color-scale';
import { getRecords, toNumberOrNull } from '../../shared/records';
import { requireResultColumns } from '../../shared/required-controls';
import type { TransformPropsInput } from '../../types';
import { toRgba, type Rgba } from '../deck-shared/colors';
import { deckBaseProps, deckNumberFormat, positiveNumber } from '../deck-shared/props';
import { SkippedRows } from '../deck-shared/skipped-rows';
import { requireSpatial, rowPoint, spatialColumns } from '../deck-shared/spatial';
import { radiusMetric, scatterDimension } from './build-query';
import type { DeckScatterProps, ScatterPoint } from './types';

const DEFAULT_COLOR: Rgba = [0, 122, 135, 255];
const METERS_PER_MILE = 1609.34;

/** point_unit: how a size value becomes a radius in metres (an area unit is the circle's area). */
const UNIT_TO_RADIUS_M: Readonly<Record<string, (v: number) => number>> = {
  square_m: (v) => Math.sqrt(v / Math.PI),
  radius_m: (v) => v,
  radius_km: (v) => v * 1000,
  radius_miles: (v) => v * METERS_PER_MILE,
  square_km: (v) => Math.sqrt(v / Math.PI) * 1000,
  square_miles: (v) => Math.sqrt(v / Math.PI) * METERS_PER_MILE,
};

/**
 * Each placeable row a point; rows without a position are counted in the notice.
 *
 * @example
 * transformDeckScatterProps({ formData: { ..., spatial: { type: 'latlong', lonCol: 'lon', latCol: 'lat' } }, queriesData, width, height }).points[0].position; // [2.35, 48.85]
 */
export function transformDeckScatterProps(input: TransformPropsInput): DeckScatterProps {
  const fd = input.formData;
  const spatial = requireSpatial(fd, 'spatial', 'Longitude & Latitude');
  const metric = radiusMetric(fd);
  const metricName = metric ? getMetricLabel(metric) : null;
  const dimension = scatterDimension(fd);
  requireResultColumns(input.queriesData[0], [...spatialColumns(spatial), ...(metricName ? [metricName] : []), ...(dimension ? [dimension] : [])]);
  const unit = typeof fd.point_unit === 'string' ? fd.point_unit : 'square_m';
  const toRadius = UNIT_TO_RADIUS_M[unit];
  if (!toRadius) throw new Error(`Point Unit: unknown unit ${JSON.stringify(unit)}`);
  const fixed = metric ? 0 : positiveNumber((fd.point_radius_fixed ?? {}) as Record<string, unknown>, 'value', 'Point Size', 1000);
  const scale = dimension ? chartColorScale(input) : null;
  const fixedColor = toRgba(fd.color_picker, DEFAULT_COLOR);
  const skipped = new SkippedRows();
  const points: ScatterPoint[] = [];
  for (const row of getRecords(input.queriesData)) {
    const position = rowPoint(row, spatial, skipped);
    if (!position) continue;
    const value = metricName ? toNumberOrNull(row[metricName]) : null;
    const category = dimension ? row[dimension] : null;
    points.push({
      position,
      radius: toRadius(metricName ? Math.max(0, value ?? 0) : fixed),
      color: scale ? toRgba(scale.getColor(String(category)), fixedColor) : fixedColor,
      category,
      value,
    });
  }
  return {
    ...deckBaseProps(input, `Scatter map of ${points.length} points${dimension ? ` by ${dimension}` : ''}${metricName ? `, sized by ${metricName}` : ''}`, points.map((p) => p.position), skipped),
    points,
    minRadius: positiveNumber(fd, 'min_radius', 'Minimum Radius', 2),
    maxRadius: positiveNumber(fd, 'max_radius', 'Maximum Radius', 250),
    multiplier: positiveNumber(fd, 'multiplier', 'Multiplier', 1),
    metricName,
    dimension,
    formatValue: deckNumberFormat(fd),
  };
}
