/** What of a chart's form data is saved (spec 3 §5). */
import { Operators, toFilterOp } from './filter-operators';
import type { AdhocFilter, QueryFormData } from './form-data-types';
import { DEFAULT_TIME_RANGE } from './constants';

function isTemporalRange(filter: AdhocFilter): boolean {
  return filter.expressionType === 'SIMPLE' && toFilterOp(filter.operator) === Operators.TEMPORAL_RANGE;
}

/**
 * Form data to persist when saving a chart: "Saved chart filters drop extra filters; time-range filters are
 * kept with comparator 'No filter'" (spec 3 §5). Dashboard-applied state (extra_filters, extra_form_data,
 * adhoc filters flagged isExtra) is dropped so the saved chart does not freeze a dashboard's filter values;
 * an extra time-range filter is kept on its column, without a range, so the chart keeps its time column.
 *
 * @example
 * getChartFormDataForSave({ ..., adhoc_filters: [
 *   { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'ds', operator: 'TEMPORAL_RANGE', comparator: 'Last week', isExtra: true },
 *   { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'country', operator: 'IN', comparator: ['FR'], isExtra: true } ] });
 * // adhoc_filters: [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'ds', operator: 'TEMPORAL_RANGE', comparator: 'No filter' }]
 */
export function getChartFormDataForSave(formData: QueryFormData): QueryFormData {
  const { extra_filters: _extraFilters, extra_form_data: _extraFormData, ...rest } = formData;
  const result: QueryFormData = { ...rest };
  for (const [key, value] of Object.entries(formData)) {
    if (!key.startsWith('adhoc_filters') || !Array.isArray(value)) continue;
    const filters = value as AdhocFilter[];
    const kept = filters.filter((f) => !f.isExtra);
    const keptTemporalSubjects = new Set(kept.filter(isTemporalRange).map((f) => f.subject));
    for (const filter of filters) {
      if (!filter.isExtra || !isTemporalRange(filter) || keptTemporalSubjects.has(filter.subject)) continue;
      const { isExtra: _isExtra, ...withoutExtra } = filter;
      kept.push({ ...withoutExtra, comparator: DEFAULT_TIME_RANGE } as AdhocFilter);
      keptTemporalSubjects.add(filter.subject);
    }
    result[key] = kept;
  }
  return result;
}
