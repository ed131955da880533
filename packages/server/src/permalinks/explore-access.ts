import { parseDatasourceKey } from '@lumen-bi/core';
import { assertDatasetAccess } from '../chart-data/access';
import type { AppContext } from '../context';
import { badRequest, forbidden, notFound } from '../errors';
import { type CurrentUser, hasPermission } from '../security/current-user';

/**
 * Who may store or open an explore state: someone who may read the chart's datasource (and the chart, when
 * the state names one). Checked on create and on every read, so a link shared with someone who lost access
 * to the data answers 403 instead of showing it.
 */
export async function assertExploreAccess(
  ctx: AppContext,
  user: CurrentUser,
  datasource: { id: number; type: string },
  chartId?: number | null,
): Promise<void> {
  if (datasource.type === 'table' || datasource.type === 'dataset') {
    const row = await ctx.store.db.selectFrom('tables').select('id').where('id', '=', datasource.id).executeTakeFirst();
    if (!row) throw notFound('Dataset not found');
    await assertDatasetAccess(ctx, user, datasource.id);
  } else if (datasource.type === 'query') {
    if (!hasPermission(user, 'can_read', 'Query')) throw forbidden('You do not have access to this datasource');
  } else if (datasource.type === 'saved_query') {
    if (!hasPermission(user, 'can_read', 'SavedQuery')) throw forbidden('You do not have access to this datasource');
  } else {
    throw badRequest(`Unsupported datasource type '${datasource.type}'`);
  }
  if (chartId !== undefined && chartId !== null) {
    const chart = await ctx.store.db.selectFrom('slices').select('id').where('id', '=', chartId).executeTakeFirst();
    if (!chart) throw notFound('Chart not found');
    if (!hasPermission(user, 'can_read', 'Chart')) throw forbidden('You do not have access to this chart');
  }
}

/** The datasource of a form data object (`datasource: 'id__type'`), or 400 naming the problem. */
export function datasourceOfFormData(formData: Record<string, unknown>): { id: number; type: string } {
  if (typeof formData.datasource !== 'string') throw badRequest("formData.datasource is required ('id__type')");
  try {
    return parseDatasourceKey(formData.datasource);
  } catch (error) {
    throw badRequest((error as Error).message);
  }
}

/** formData.slice_id when it is a chart id. */
export const chartIdOfFormData = (formData: Record<string, unknown>): number | null =>
  Number.isInteger(formData.slice_id) && (formData.slice_id as number) > 0 ? (formData.slice_id as number) : null;
