import {
  applyFilterChanges,
  getChartsInScope,
  getTabsInScope,
  hydrateLayout,
  type NativeFilterIssue,
  toLayout,
  validateNativeFilters,
} from '@lumen-bi/core';
import { badRequest } from '../errors';
import type { RequestScope, Row } from '../resources/definition';
import { auditOnUpdate } from '../resources/writes';
import { parseMetadata, parseObject } from './dashboard-access';

type Filter = Record<string, unknown> & { id: string };

export interface FilterChanges {
  deleted?: string[];
  modified?: Filter[];
  reordered?: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Body shape check: three optional lists, nothing else (a typo must not silently save nothing). */
export function parseFilterChanges(body: unknown): FilterChanges {
  if (!isObject(body)) throw badRequest('Request body must be a JSON object');
  for (const key of Object.keys(body)) {
    if (!['deleted', 'modified', 'reordered'].includes(key)) throw badRequest(`Unknown field '${key}'; allowed: deleted, modified, reordered`);
  }
  if (body.deleted !== undefined && !isStrings(body.deleted)) throw badRequest("Field 'deleted' must be a list of filter ids");
  if (body.reordered !== undefined && !isStrings(body.reordered)) throw badRequest("Field 'reordered' must be a list of filter ids");
  if (body.modified !== undefined && !(Array.isArray(body.modified) && body.modified.every(isObject))) {
    throw badRequest("Field 'modified' must be a list of filter configurations");
  }
  return body as FilterChanges;
}

const issueMessage = (issue: NativeFilterIssue) => (issue.message.includes(issue.filterId) ? issue.message : `Filter ${issue.filterId}: ${issue.message}`);

/** 400 naming datasets that filter targets point at but do not exist. */
async function checkTargetDatasets(filters: Filter[], scope: RequestScope): Promise<void> {
  const wanted = new Map<number, string>();
  for (const f of filters) {
    for (const t of Array.isArray(f.targets) ? f.targets : []) {
      if (isObject(t) && Number.isInteger(t.datasetId)) wanted.set(t.datasetId as number, f.id);
    }
  }
  if (wanted.size === 0) return;
  const rows = await scope.db.selectFrom('tables').select('id').where('id', 'in', [...wanted.keys()]).execute();
  const found = new Set(rows.map((r) => r.id as number));
  for (const [datasetId, filterId] of wanted) {
    if (!found.has(datasetId)) throw badRequest(`Filter ${filterId}: dataset ${datasetId} does not exist`, { filterId, datasetId });
  }
}

/**
 * PUT /api/v1/dashboard/{id}/filters: applies deleted/modified/reordered to native_filter_configuration,
 * validates the result as a whole (shapes, datasets, cascade parents and cycles), recomputes each scope's
 * chartsInScope/tabsInScope from the layout the dashboard shows, stores it and returns it.
 */
export async function updateNativeFilters(row: Row, changes: FilterChanges, scope: RequestScope): Promise<Filter[]> {
  const metadata = parseMetadata(row);
  const current = (Array.isArray(metadata.native_filter_configuration) ? metadata.native_filter_configuration : []).filter(
    (f): f is Filter => isObject(f) && typeof f.id === 'string',
  );
  const next = applyFilterChanges(current, changes);
  const issues = validateNativeFilters(next);
  if (issues.length) throw badRequest(issueMessage(issues[0]), { issues });
  await checkTargetDatasets(next, scope);

  // Scope is computed on the hydrated layout: charts linked to the dashboard but not placed are still shown.
  const linked = await scope.db
    .selectFrom('dashboard_slices')
    .select('slice_id')
    .where('dashboard_id', '=', row.id as number)
    .execute();
  const chartIds = linked.map((r) => r.slice_id as number);
  const layout = hydrateLayout(toLayout(parseObject(row.position_json)), chartIds.map((id) => ({ id })));
  const withScopes = next.map((f) => {
    const s = f.scope as { rootPath: string[]; excluded: number[] } | undefined;
    if (!s || f.type !== 'NATIVE_FILTER') return f;
    return { ...f, chartsInScope: getChartsInScope(layout, s, chartIds), tabsInScope: getTabsInScope(layout, s, chartIds) };
  });

  metadata.native_filter_configuration = withScopes;
  await scope.db
    .updateTable('dashboards')
    .set({ json_metadata: JSON.stringify(metadata), ...auditOnUpdate(scope.user) })
    .where('id', '=', row.id as number)
    .execute();
  return withScopes;
}
