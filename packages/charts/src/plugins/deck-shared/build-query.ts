/**
 * The deck charts' query (the incumbent's legacy deck.gl query): the spatial and other columns, grouped by
 * them with the metrics when there are metrics, raw rows otherwise; null coordinates filtered out unless
 * filter_nulls is off.
 */
import { buildQueryContext, type QueryContext, type QueryFormColumn, type QueryFormData, type QueryFormMetric, type QueryObjectFilterClause } from '@lumen-bi/core';

/** What a deck chart type reads. */
export interface DeckQueryParts {
  /** Columns whose nulls mean "no position" (spatial, line, geojson). */
  spatialColumns: QueryFormColumn[];
  /** Other columns (dimension, tooltip). */
  columns?: QueryFormColumn[];
  metrics?: QueryFormMetric[];
}

/**
 * The query context of a deck chart.
 *
 * @example
 * deckQuery(formData, { spatialColumns: ['lon', 'lat'], columns: ['kind'] }).queries[0].columns; // ['lon', 'lat', 'kind']
 */
export function deckQuery(formData: QueryFormData, parts: DeckQueryParts): QueryContext {
  const all = [...parts.spatialColumns, ...(parts.columns ?? [])];
  const columns = all.filter((c, i) => all.indexOf(c) === i);
  const nullFilters: QueryObjectFilterClause[] = formData.filter_nulls === false ? [] : parts.spatialColumns.map((col) => ({ col, op: 'IS NOT NULL' }));
  return buildQueryContext(formData, (base) => [
    { ...base, columns, metrics: parts.metrics ?? [], filters: [...(base.filters ?? []), ...nullFilters], orderby: [] },
  ]);
}

/**
 * A metric control's value, or undefined when unset.
 *
 * @example
 * optionalMetric({ size: 'count' }, 'size'); // 'count'
 */
export function optionalMetric(formData: QueryFormData, name: string): QueryFormMetric | undefined {
  const value = formData[name] as QueryFormMetric | null | undefined | [];
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length)) return undefined;
  return (Array.isArray(value) ? value[0] : value) as QueryFormMetric;
}
