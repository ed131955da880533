/**
 * What the aggregation charts (deck_hex, deck_grid, deck_heatmap, deck_screengrid, deck_contour) share:
 * a point per row weighted by the size metric, aggregated on the GPU by deck.gl; their query is the
 * spatial columns grouped with the metric, as the incumbent's.
 */
import { getMetricLabel, type QueryContext, type QueryFormData } from '@lumen-bi/core';
import { resultColumn, toNumberOrNull } from '../../shared/records';
import { requireControl, requireResultColumns } from '../../shared/required-controls';
import type { TooltipLine } from '../../shared/tooltip';
import type { TransformPropsInput } from '../../types';
import { deckQuery } from './build-query';
import { deckBaseProps, deckNumberFormat } from './props';
import { SkippedRows } from './skipped-rows';
import { requireSpatial, resultPoints, spatialColumns, type LonLat } from './spatial';
import type { DeckProps } from './types';

/** A row's point and its weight (the metric; 0 when null). */
export interface WeightedPoint {
  position: LonLat;
  weight: number;
}

/** Props every aggregation chart starts from. */
export interface DeckAggregationProps extends DeckProps {
  points: WeightedPoint[];
  metricName: string;
  formatValue(value: number | null | undefined): string;
}

/** deck.gl's aggregation operations by the incumbent's js_agg_function / aggregation values. */
const OPERATIONS: Readonly<Record<string, 'SUM' | 'MEAN' | 'MIN' | 'MAX'>> = { sum: 'SUM', mean: 'MEAN', avg: 'MEAN', min: 'MIN', max: 'MAX' };

/**
 * The query: the spatial columns grouped with the size metric (required, "Weight").
 *
 * @example
 * buildAggregationQuery({ ..., spatial: { type: 'latlong', lonCol: 'lon', latCol: 'lat' }, size: 'count' }).queries[0].metrics; // ['count']
 */
export function buildAggregationQuery(formData: QueryFormData): QueryContext {
  const spatial = requireSpatial(formData, 'spatial', 'Longitude & Latitude');
  const size = requireControl<QueryFormData['metric']>(formData, 'size', 'Weight');
  return deckQuery(formData, { spatialColumns: spatialColumns(spatial), metrics: [size as never] });
}

/**
 * The weighted points of the rows; rows without a position are counted in the notice.
 *
 * @example
 * aggregationProps(input, 'Hexagon map').points[0]; // { position: [2.35, 48.85], weight: 3 }
 */
export function aggregationProps(input: TransformPropsInput, kind: string): DeckAggregationProps {
  const fd = input.formData;
  const spatial = requireSpatial(fd, 'spatial', 'Longitude & Latitude');
  const metricName = getMetricLabel(requireControl(fd, 'size', 'Weight'));
  requireResultColumns(input.queriesData[0], [...spatialColumns(spatial), metricName]);
  const skipped = new SkippedRows();
  const points: WeightedPoint[] = [];
  const result = input.queriesData[0];
  const weights = resultColumn(result, metricName) ?? [];
  resultPoints(result, spatial, skipped).forEach((position, i) => {
    if (position) points.push({ position, weight: toNumberOrNull(weights[i]) ?? 0 });
  });
  return {
    ...deckBaseProps(input, `${kind} of ${metricName} over ${points.length} locations`, points.map((p) => p.position), skipped),
    points,
    metricName,
    formatValue: deckNumberFormat(fd),
  };
}

/**
 * The aggregation operation of a select control, SUM when unset; an unknown value is a named error.
 *
 * @example
 * aggregationOperation({ js_agg_function: 'mean' }, 'js_agg_function', 'Aggregation'); // 'MEAN'
 */
export function aggregationOperation(formData: Record<string, unknown>, name: string, label: string): 'SUM' | 'MEAN' | 'MIN' | 'MAX' {
  const value = formData[name];
  if (value === undefined || value === null || value === '') return 'SUM';
  const op = OPERATIONS[String(value).toLowerCase()];
  if (!op) throw new Error(`${label}: unknown aggregation ${JSON.stringify(value)} (sum, mean, min or max)`);
  return op;
}

/** The tooltip of an aggregated cell (hexagon, grid or screen cell). */
export function cellTooltip(p: DeckAggregationProps, title: string, cell: { count?: number; colorValue?: number; value?: number }) {
  const lines: TooltipLine[] = [];
  if (typeof cell.count === 'number') lines.push({ label: 'Points', value: String(cell.count) });
  const value = cell.colorValue ?? cell.value;
  if (typeof value === 'number') lines.push({ label: p.metricName, value: p.formatValue(value) });
  return { title, lines };
}
