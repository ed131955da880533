import { DASHBOARD_COLOR_FIELDS, validateDashboardColors } from '@lumen-bi/core';
import { badRequest } from '../errors';
import { nowIso } from '../metadata/connect';
import type { RequestScope, Row } from '../resources/definition';
import { epochSeconds, parseMetadata } from './dashboard-access';

/**
 * PUT /api/v1/dashboard/{id}/colors: merges colour settings into json_metadata. The dashboard view calls it
 * with mark_updated=false when it only syncs label colours on load; that must not look like an edit
 * (changed_on/changed_by stay), or every view would reorder "recently modified" lists.
 */
export async function updateDashboardColors(
  row: Row,
  body: unknown,
  markUpdated: boolean,
  scope: RequestScope,
): Promise<{ result: Record<string, unknown>; last_modified_time: number | null }> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('Request body must be a JSON object');
  const payload = body as Record<string, unknown>;
  const issues = validateDashboardColors(payload);
  if (issues.length) throw badRequest(issues[0].message, { issues });
  const metadata = parseMetadata(row);
  const result: Record<string, unknown> = {};
  for (const field of DASHBOARD_COLOR_FIELDS) {
    if (!(field in payload)) continue;
    metadata[field] = payload[field];
    result[field] = payload[field];
  }
  const changedOn = markUpdated ? nowIso() : (row.changed_on as string);
  await scope.db
    .updateTable('dashboards')
    .set({ json_metadata: JSON.stringify(metadata), ...(markUpdated ? { changed_on: changedOn, changed_by_fk: scope.user.id } : {}) })
    .where('id', '=', row.id as number)
    .execute();
  return { result, last_modified_time: epochSeconds(changedOn) };
}
