import { validateChartConfiguration } from '@lumen-bi/core';
import { badRequest } from '../errors';

/**
 * Checks the cross-filter scoping inside a json_metadata text before the generic PUT /api/v1/dashboard/{id}
 * stores it: a malformed chart_configuration would break cross filters for every viewer, long after the
 * save that caused it. Throws 400 naming the first bad field; accepts null/empty.
 *
 * @example
 * validateDashboardJsonMetadata('{"chart_configuration": {"12": {"id": 12, "crossFilters": {"scope": "global"}}}}');
 */
export function validateDashboardJsonMetadata(text: unknown): void {
  if (typeof text !== 'string' || text.trim() === '') return;
  let metadata: unknown;
  try {
    metadata = JSON.parse(text);
  } catch {
    return; // the field layer already answered 400 for invalid JSON
  }
  if (!metadata || typeof metadata !== 'object' || Array.isArray(metadata)) return;
  const issues = validateChartConfiguration(metadata as Record<string, unknown>);
  if (issues.length) throw badRequest(issues[0].message, { issues });
}
