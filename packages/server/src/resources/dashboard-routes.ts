import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { dataAccessOf } from '../security/data-access';
import { chartAccessCondition, datasetAccessCondition } from '../security/data-access-sql';
import { hasPermission } from '../security/current-user';
import { requireUserOf } from './access';
import type { Json, RequestScope } from './definition';
import { chartDefinition } from './definitions/chart';
import { markdownToSafeHtml } from './markdown-html';
import { dashboardDefinition } from './definitions/dashboard';
import { forbidden } from '../errors';
import { loadVisibleRow } from './load';
import { datasourcePayloads } from './serializers/dataset';

/** What /charts reads of each serialised chart: of its relations, only the owners are loaded. */
const DASHBOARD_CHART_COLUMNS = ['id', 'slice_name', 'slice_url', 'viz_type', 'form_data', 'description', 'cache_timeout', 'certified_by', 'certification_details', 'is_managed_externally', 'owners', 'changed_on', 'changed_on_delta_humanized'];

/** GET /api/v1/dashboard/{id_or_slug}/charts and /datasets: what a dashboard page loads besides itself. */
export function registerDashboardRoutes(app: FastifyInstance, scopeOf: (user: ReturnType<typeof requireUserOf>) => RequestScope): void {
  const load = async (key: string, user: ReturnType<typeof requireUserOf>) => {
    if (!user.guest && !hasPermission(user, 'can_read', 'Dashboard')) throw forbidden('Forbidden');
    const scope = scopeOf(user);
    return { scope, row: await loadVisibleRow(dashboardDefinition, key, scope) };
  };
  /** The dashboard's charts; with `queryableOnly`, those whose data a (non-guest) caller may query. */
  const chartRows = (scope: RequestScope, dashboardId: number, queryableOnly = false) => {
    // A guest's token grants the dashboard, so all its charts; anyone else sees those their data access covers.
    const access = queryableOnly && !scope.user.guest ? dataAccessOf(scope.user) : null;
    return scope.db
      .selectFrom('slices as t')
      .innerJoin('dashboard_slices as l', 'l.slice_id', 't.id')
      .selectAll('t')
      .where('l.dashboard_id', '=', dashboardId)
      .where((eb) => (access && chartAccessCondition(eb, access, 't')) || sql<boolean>`1 = 1`)
      .orderBy('t.id')
      .execute();
  };

  app.get<{ Params: { pk: string } }>('/api/v1/dashboard/:pk/charts', { config: { allowGuest: true } }, async (request) => {
    const { scope, row } = await load(request.params.pk, requireUserOf(request));
    const charts = await chartDefinition.serializeList(await chartRows(scope, row.id as number, true), scope, DASHBOARD_CHART_COLUMNS);
    const result: Json[] = charts.map((c) => ({
      id: c.id,
      slice_id: c.id,
      slice_name: c.slice_name,
      slice_url: c.slice_url,
      viz_type: c.viz_type,
      form_data: { ...(c.form_data as Json), dashboardId: row.id },
      description: c.description,
      // Rendered and safe, as the incumbent answers it; `description` keeps the Markdown.
      description_markeddown: markdownToSafeHtml(c.description as string | null),
      cache_timeout: c.cache_timeout,
      certified_by: c.certified_by,
      certification_details: c.certification_details,
      is_managed_externally: c.is_managed_externally,
      owners: c.owners,
      changed_on: c.changed_on,
      modified: c.changed_on_delta_humanized,
    }));
    return { result };
  });

  app.get<{ Params: { pk: string } }>('/api/v1/dashboard/:pk/datasets', { config: { allowGuest: true } }, async (request) => {
    const { scope, row } = await load(request.params.pk, requireUserOf(request));
    const charts = await chartRows(scope, row.id as number);
    const ids = [...new Set(charts.filter((c) => c.datasource_type === 'table' || c.datasource_type === 'dataset').map((c) => c.datasource_id as number))];
    // A guest's token grants the dashboard's datasets; anyone else sees those their data access covers.
    const access = scope.user.guest ? null : dataAccessOf(scope.user);
    const datasets = ids.length
      ? await scope.db
          .selectFrom('tables as t')
          .selectAll('t')
          .where('t.id', 'in', ids)
          .where((eb) => (access && datasetAccessCondition(eb, access, { id: 't.id', databaseId: 't.database_id', schema: 't.schema' })) || sql<boolean>`1 = 1`)
          .orderBy('t.id')
          .execute()
      : [];
    return { result: await datasourcePayloads(scope.db, datasets) };
  });
}
