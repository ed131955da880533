import type { FastifyInstance } from 'fastify';
import { assertDatasetAccess } from '../chart-data/access';
import { badRequest, cannotEdit, ErrorType, LumenError, notFound } from '../errors';
import { dashboardVisibleTo } from '../resources/visible-dashboards';
import { requirePermission } from '../security/guards';
import { refreshDatasetColumns } from './columns';
import { registerSqlLabVizRoute } from './sqllab-viz-route';
import { createDataset, findDataset } from './create';
import { datasetMetadata } from './metadata';

type PkParams = { pk: string };

function parseId(raw: unknown): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0 || String(raw).trim() !== String(id)) throw notFound();
  return id;
}

const optionalString = (body: Record<string, unknown>, key: string): string | null => {
  const value = body[key];
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw badRequest(`${key}: Not a valid string.`, { [key]: ['Not a valid string.'] });
  return value;
};

/** Dataset endpoints beyond CRUD: refresh columns, get_or_create, related objects, explore metadata. */
export async function registerDatasetRoutes(app: FastifyInstance): Promise<void> {
  await registerSqlLabVizRoute(app);
  const ctx = app.lumen;

  app.put<{ Params: PkParams }>('/api/v1/dataset/:pk/refresh', async (request) => {
    const user = requirePermission(request, 'can_write', 'Dataset');
    const id = parseId(request.params.pk);
    const dataset = await ctx.store.db.selectFrom('tables').select(['id', 'is_managed_externally']).where('id', '=', id).executeTakeFirst();
    if (!dataset) throw notFound();
    if (!user.isAdmin) {
      const owner = await ctx.store.db.selectFrom('sqlatable_user').select('user_id').where('dataset_id', '=', id).where('user_id', '=', user.id ?? -1).executeTakeFirst();
      if (!owner) throw cannotEdit('dataset');
    }
    await refreshDatasetColumns(ctx, id);
    return { message: 'OK' };
  });

  app.post('/api/v1/dataset/get_or_create/', async (request) => {
    const user = requirePermission(request, 'can_write', 'Dataset');
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('Request body must be a JSON object');
    const input = body as Record<string, unknown>;
    const missing = ['database_id', 'table_name'].filter((key) => input[key] === undefined || input[key] === null || input[key] === '');
    if (missing.length) {
      throw badRequest(`${missing.map((key) => `${key}: Missing data for required field.`).join(' ')}`, Object.fromEntries(missing.map((key) => [key, ['Missing data for required field.']])));
    }
    if (!Number.isInteger(input.database_id)) throw badRequest('database_id: Not a valid integer.', { database_id: ['Not a valid integer.'] });
    if (typeof input.table_name !== 'string') throw badRequest('table_name: Not a valid string.', { table_name: ['Not a valid string.'] });
    const key = {
      database_id: input.database_id as number,
      table_name: input.table_name,
      schema: optionalString(input, 'schema'),
      catalog: optionalString(input, 'catalog'),
    };
    const existing = await findDataset(ctx, key);
    if (existing) {
      // Naming an existing dataset's id is reading it: the caller must hold it.
      await assertDatasetAccess(ctx, user, existing.id);
      return { result: { table_id: existing.id } };
    }
    try {
      const id = await createDataset(ctx, user, { ...key, template_params: optionalString(input, 'template_params') });
      return { result: { table_id: id } };
    } catch (error) {
      if (error instanceof LumenError && error.statusCode === 404) {
        throw new LumenError(422, 'Dataset could not be created.', ErrorType.TABLE_DOES_NOT_EXIST_ERROR, { table_name: [error.message] });
      }
      throw error;
    }
  });

  app.get<{ Params: PkParams }>('/api/v1/dataset/:pk/related_objects', async (request) => {
    const user = requirePermission(request, 'can_read', 'Dataset');
    const id = parseId(request.params.pk);
    const db = ctx.store.db;
    const dataset = await db.selectFrom('tables').select('id').where('id', '=', id).executeTakeFirst();
    if (!dataset) throw notFound();
    await assertDatasetAccess(ctx, user, id);
    const charts = await db
      .selectFrom('slices')
      .select(['id', 'slice_name', 'viz_type'])
      .where('datasource_type', '=', 'table')
      .where('datasource_id', '=', id)
      .orderBy('id')
      .execute();
    const dashboards = charts.length
      ? await db
          .selectFrom('dashboards')
          .innerJoin('dashboard_slices', 'dashboard_slices.dashboard_id', 'dashboards.id')
          .select(['dashboards.id', 'dashboards.dashboard_title', 'dashboards.slug', 'dashboards.json_metadata'])
          .where(
            'dashboard_slices.slice_id',
            'in',
            charts.map((chart) => chart.id),
          )
          // Only dashboards the caller may open are named (resources/visible-dashboards.ts).
          .where((eb) => dashboardVisibleTo(eb, { ctx, user, db }, 'dashboards.id'))
          .distinct()
          .orderBy('dashboards.id')
          .execute()
      : [];
    return {
      charts: { count: charts.length, result: charts },
      dashboards: {
        count: dashboards.length,
        result: dashboards.map((d) => ({ id: d.id, title: d.dashboard_title, slug: d.slug, json_metadata: d.json_metadata })),
      },
    };
  });

  app.get<{ Querystring: { datasourceKey?: string } }>('/superset/fetch_datasource_metadata', { config: { allowGuest: true } }, async (request) => {
    const key = request.query.datasourceKey;
    const match = typeof key === 'string' ? /^(\d+)__(table|query|sl_table|dataset)$/.exec(key) : null;
    if (!match) throw badRequest("datasourceKey must look like '{id}__table'", undefined, ErrorType.UNKNOWN_DATASOURCE_TYPE_ERROR);
    const id = Number(match[1]);
    if (match[2] !== 'table') throw badRequest(`Unknown datasource type: ${match[2]}`, undefined, ErrorType.UNKNOWN_DATASOURCE_TYPE_ERROR);
    const exists = await ctx.store.db.selectFrom('tables').select('id').where('id', '=', id).executeTakeFirst();
    if (!exists) throw notFound('Dataset not found.');
    await assertDatasetAccess(ctx, request.user, id);
    return datasetMetadata(ctx, id);
  });
}
