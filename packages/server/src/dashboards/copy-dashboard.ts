import { type ChartIdMapping, chartIdsInLayout, remapMetadataChartIds, remapPositionChartIds, toLayout } from '@lumen-bi/core';
import { badRequest } from '../errors';
import type { AnyTrx, RequestScope, Row } from '../resources/definition';
import { UNTITLED_DASHBOARD } from '../resources/definitions/dashboard';
import { auditOnCreate, setLinks } from '../resources/writes';
import { epochSeconds, parseObject } from './dashboard-access';

export interface CopyDashboardInput {
  dashboard_title?: string | null;
  css?: string | null;
  duplicate_slices?: boolean;
  /** JSON text; may carry `positions` (the layout being viewed), as the incumbent's "Save as" sends. */
  json_metadata: string;
}

/** Chart columns a duplicate keeps; certification and external management describe the original only. */
const CLONED_SLICE_COLUMNS = ['slice_name', 'viz_type', 'datasource_id', 'datasource_type', 'params', 'description', 'cache_timeout'] as const;

async function cloneSlices(trx: AnyTrx, sliceIds: number[], scope: RequestScope): Promise<ChartIdMapping> {
  const ids = new Map<number, number>();
  const uuids = new Map<number, string>();
  if (sliceIds.length === 0) return { ids, uuids };
  const rows = await trx.selectFrom('slices').selectAll().where('id', 'in', sliceIds).orderBy('id').execute();
  for (const row of rows) {
    const values: Row = { ...auditOnCreate(scope.user), is_managed_externally: 0 };
    for (const column of CLONED_SLICE_COLUMNS) values[column] = row[column];
    const inserted = await trx.insertInto('slices').values(values).returning(['id', 'uuid']).executeTakeFirstOrThrow();
    const newId = inserted.id as number;
    ids.set(row.id as number, newId);
    uuids.set(row.id as number, inserted.uuid as string);
    if (scope.user.id !== null) await setLinks(trx, 'slice_user', 'slice_id', 'user_id', newId, [scope.user.id]);
  }
  return { ids, uuids };
}

/**
 * Copies a dashboard for "Save as": a new draft owned by the user, with the given title, css and
 * json_metadata. With `duplicate_slices` every chart of the original is cloned (owned by the user) and the
 * layout and metadata are remapped to the clones; otherwise the copy shows the same charts.
 */
export async function copyDashboard(original: Row, input: CopyDashboardInput, scope: RequestScope): Promise<{ id: number; last_modified_time: number | null }> {
  let metadata: Record<string, unknown>;
  try {
    const parsed = JSON.parse(input.json_metadata) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    metadata = parsed as Record<string, unknown>;
  } catch {
    throw badRequest("Field 'json_metadata' must be a string holding a JSON object");
  }
  // The client sends the layout it is showing (possibly edited) in json_metadata.positions.
  const { positions, ...rest } = metadata;
  let position: Record<string, unknown> = positions && typeof positions === 'object' && !Array.isArray(positions) ? (positions as Record<string, unknown>) : parseObject(original.position_json);
  metadata = rest;

  const id = await scope.db.transaction().execute(async (trx) => {
    const linked = await trx.selectFrom('dashboard_slices').select('slice_id').where('dashboard_id', '=', original.id as number).execute();
    const inLayout = chartIdsInLayout(toLayout(position));
    const existingInLayout = inLayout.length ? (await trx.selectFrom('slices').select('id').where('id', 'in', inLayout).execute()).map((r) => r.id as number) : [];
    const sliceIds = [...new Set([...linked.map((r) => r.slice_id as number), ...existingInLayout])];

    let charts = sliceIds;
    if (input.duplicate_slices) {
      const mapping = await cloneSlices(trx, sliceIds, scope);
      position = remapPositionChartIds(position, mapping);
      metadata = remapMetadataChartIds(metadata, mapping);
      charts = sliceIds.map((old) => mapping.ids.get(old)!);
    }
    const title = typeof input.dashboard_title === 'string' && input.dashboard_title.trim() !== '' ? input.dashboard_title : UNTITLED_DASHBOARD;
    const row = await trx
      .insertInto('dashboards')
      .values({
        ...auditOnCreate(scope.user),
        dashboard_title: title,
        slug: null,
        css: input.css ?? original.css ?? null,
        description: null,
        json_metadata: JSON.stringify(metadata),
        position_json: Object.keys(position).length ? JSON.stringify(position) : null,
        published: 0,
        certified_by: null,
        certification_details: null,
        is_managed_externally: 0,
        external_url: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const newId = row.id as number;
    await setLinks(trx, 'dashboard_user', 'dashboard_id', 'user_id', newId, scope.user.id !== null ? [scope.user.id] : []);
    await setLinks(trx, 'dashboard_slices', 'dashboard_id', 'slice_id', newId, charts);
    return newId;
  });
  const saved = await scope.db.selectFrom('dashboards').select('changed_on').where('id', '=', id).executeTakeFirst();
  return { id, last_modified_time: epochSeconds(saved?.changed_on) };
}

