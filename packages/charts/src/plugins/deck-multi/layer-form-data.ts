/** A sub-chart's form data as the multi chart draws it: its own, narrowed by the multi chart's filters. */
import type { QueryFormData } from '@lumen-bi/core';

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * The sub-chart's saved form data with the multi chart's adhoc filters added to its own (the incumbent
 * applies a multi chart's filters to every layer), and the multi chart's extra form data (dashboard native
 * filters and cross filters) in place of the sub-chart's.
 *
 * @example
 * layerFormData({ viz_type: 'deck_scatter', adhoc_filters: [a] }, { viz_type: 'deck_multi', adhoc_filters: [b] }).adhoc_filters; // [a, b]
 */
export function layerFormData(sub: QueryFormData, multi: QueryFormData): QueryFormData {
  const filters = [...list(sub.adhoc_filters), ...list(multi.adhoc_filters)];
  const extra = multi.extra_form_data ?? sub.extra_form_data;
  return { ...sub, adhoc_filters: filters as QueryFormData['adhoc_filters'], ...(extra === undefined ? {} : { extra_form_data: extra }) };
}
