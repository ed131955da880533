import { processFilters } from '@lumen-bi/core';
import type { AppContext } from '../context';
import { ErrorType, LumenError } from '../errors';
import type { CurrentUser } from '../security/current-user';
import type { DatasetModel } from '../chart-data/dataset-model';
import type { QueryColumn, QueryMetric, QueryObject } from '../chart-data/query-object';
import { guestDashboardIds } from './guest-dashboards';
import { multisLayering } from './layered-charts';
import { nativeFiltersOf } from './native-filter-targets';

/**
 * Guests (embedded viewers holding a guest token) never send SQL. A guest chart-data request may only run
 * the saved query of a chart on one of the token's dashboards, changed by what a viewer can change there:
 * native and cross filters (simple filters on dataset columns), time range, grain and time column, a row
 * limit within the chart's, table pagination and drill to detail / drill by on dataset columns. A request
 * without a chart is a native filter's value query: only that filter's column and aggregates over it.
 * Anything else answers 403 'Guest user cannot modify chart payload', as the incumbent does.
 */
export const guestPayloadRefused = (why: string) =>
  new LumenError(403, 'Guest user cannot modify chart payload', ErrorType.DASHBOARD_SECURITY_ACCESS_ERROR, { reason: why });

/** What the saved chart (or the dashboard's native filters) allows a query to contain. */
interface Allowance {
  /** Signatures of metrics: `name:x`, `sql:<text>`, `simple:<AGG>:<column>`. */
  metrics: Set<string>;
  /** SQL expressions of saved adhoc columns. */
  columnSql: Set<string>;
  /** WHERE and HAVING texts the saved filters produce ('' always). */
  clauses: Set<string>;
  /**
   * The saved chart's annotation layers as `sourceType:value` (a chart id for 'table'/'line', an annotation
   * layer id for 'NATIVE'): the source type is part of it, so a chart's id never opens the annotation layer
   * that has the same number, nor the other way round.
   */
  annotationValues: Set<string>;
  /** The chart's own row limit (undefined: no saved limit). */
  rowLimit?: number;
  /** For a filter's value query: the only columns it may group by. */
  onlyColumns?: Set<string>;
}

interface GuestRequest {
  datasetId: number;
  sliceId: number | null;
  resultType: string;
}

export async function assertGuestPayload(ctx: Pick<AppContext, 'store'>, user: CurrentUser, request: GuestRequest, dataset: DatasetModel, queries: QueryObject[]): Promise<void> {
  const resultTypes = queries.map((query) => (query.result_type as string | null | undefined) ?? request.resultType);
  if (resultTypes.includes('query')) throw guestPayloadRefused('guests cannot read the generated SQL');
  const allowance = request.sliceId === null ? await filterAllowance(ctx, user, dataset) : await chartAllowance(ctx, user, request);
  const plainColumns = new Set(dataset.columns.map((c) => c.column_name));
  queries.forEach((query, i) => assertQueryAllowed(query, allowance, plainColumns, resultTypes[i]!));
}

async function chartAllowance(ctx: Pick<AppContext, 'store'>, user: CurrentUser, request: GuestRequest): Promise<Allowance> {
  const sliceId = request.sliceId!;
  const dashboards = guestDashboardIds(user);
  const onDashboard = await ctx.store.db
    .selectFrom('slices as s')
    .innerJoin('dashboard_slices as l', 'l.slice_id', 's.id')
    .select(['s.params', 's.query_context', 's.datasource_id'])
    .where('s.id', '=', sliceId)
    .where('l.dashboard_id', 'in', dashboards.length ? dashboards : [-1])
    .executeTakeFirst();
  // A chart layered by a deck_multi chart on the dashboard runs its saved query with the multi's filters added.
  const multis = onDashboard ? [] : await multisLayering(ctx.store.db, dashboards, sliceId);
  const slice = onDashboard ?? (multis.length ? await ctx.store.db.selectFrom('slices').select(['params', 'query_context', 'datasource_id']).where('id', '=', sliceId).executeTakeFirst() : undefined);
  if (!slice) throw guestPayloadRefused(`chart ${sliceId} is not on a dashboard of this guest token`);
  if (slice.datasource_id !== request.datasetId) throw guestPayloadRefused(`chart ${sliceId} does not query dataset ${request.datasetId}`);
  const params = parseJson(slice.params);
  const saved = parseJson(slice.query_context);
  const allowance = emptyAllowance();
  collectSignatures([params, saved], allowance);
  addClauses(allowance, params);
  for (const multi of multis) addClauses(allowance, { ...params, adhoc_filters: [...listOf(params?.adhoc_filters), ...listOf(multi.params.adhoc_filters)] });
  // A mixed chart saves its query B's filters apart (adhoc_filters_b, where_b).
  if (params && ('adhoc_filters_b' in params || 'where_b' in params)) addClauses(allowance, { adhoc_filters: params.adhoc_filters_b, where: params.where_b });
  for (const query of (saved?.queries as Record<string, unknown>[] | undefined) ?? []) {
    const extras = (query.extras ?? {}) as Record<string, unknown>;
    for (const clause of [extras.where, extras.having]) if (typeof clause === 'string') allowance.clauses.add(clause.trim());
    if (typeof query.row_limit === 'number') allowance.rowLimit = Math.max(allowance.rowLimit ?? 0, query.row_limit);
  }
  for (const limit of [params?.row_limit, params?.row_limit_b]) {
    if (typeof limit === 'number' || typeof limit === 'string') allowance.rowLimit = Math.max(allowance.rowLimit ?? 0, Number(limit) || 0);
  }
  for (const layer of (params?.annotation_layers as AnnotationLayerRef[] | undefined) ?? []) allowance.annotationValues.add(annotationKey(layer));
  return allowance;
}

async function filterAllowance(ctx: Pick<AppContext, 'store'>, user: CurrentUser, dataset: DatasetModel): Promise<Allowance> {
  const filters = (await nativeFiltersOf(ctx, guestDashboardIds(user))).filter((f) => f.datasetIds.includes(dataset.id));
  if (!filters.length) throw guestPayloadRefused(`no native filter of this guest token's dashboards queries dataset ${dataset.id}`);
  const allowance = emptyAllowance();
  allowance.onlyColumns = new Set(filters.flatMap((f) => f.columns));
  collectSignatures(filters.map((f) => f.config), allowance);
  for (const column of allowance.onlyColumns) {
    for (const aggregate of ['MIN', 'MAX', 'COUNT', 'COUNT_DISTINCT']) allowance.metrics.add(`simple:${aggregate}:${column}`);
  }
  allowance.metrics.add('simple:COUNT:');
  for (const filter of filters) addClauses(allowance, filter.config);
  return allowance;
}

function emptyAllowance(): Allowance {
  return { metrics: new Set(), columnSql: new Set(), clauses: new Set(['']), annotationValues: new Set() };
}

function assertQueryAllowed(query: QueryObject, allowance: Allowance, plainColumns: Set<string>, resultType: string): void {
  const drill = resultType === 'samples' || resultType === 'drill_detail';
  for (const metric of query.metrics) assertMetric(metric, allowance);
  if (query.series_limit_metric) assertMetric(query.series_limit_metric, allowance);
  const columns = [...query.columns, ...(query.series_columns ?? []), ...(query.granularity ? [query.granularity] : [])];
  for (const column of columns) assertColumn(column, allowance, plainColumns, !drill);
  for (const filter of query.filters) assertColumn(filter.col, { ...allowance, onlyColumns: undefined }, plainColumns, false);
  for (const [target] of query.orderby) {
    if (isMetric(target)) assertMetric(target as QueryMetric, allowance);
    else assertColumn(target as QueryColumn, allowance, plainColumns, false, true);
  }
  for (const clause of [query.extras.where, query.extras.having]) {
    if (!allowance.clauses.has((clause ?? '').trim())) throw guestPayloadRefused('custom SQL filters differ from the saved chart');
  }
  if (!drill && allowance.rowLimit) {
    // No limit asked: the chart's own, never the server's maximum.
    if (!query.row_limit) query.row_limit = allowance.rowLimit;
    if (query.row_limit > allowance.rowLimit) throw guestPayloadRefused(`row_limit is above the chart's ${allowance.rowLimit}`);
  }
  for (const layer of (query.annotation_layers ?? []) as AnnotationLayerRef[]) {
    if (!allowance.annotationValues.has(annotationKey(layer))) throw guestPayloadRefused('annotation layers differ from the saved chart');
  }
}

interface AnnotationLayerRef {
  sourceType?: unknown;
  value?: unknown;
}

const annotationKey = (layer: AnnotationLayerRef) => `${typeof layer.sourceType === 'string' ? layer.sourceType : ''}:${String(layer.value)}`;

function assertMetric(metric: QueryMetric, allowance: Allowance): void {
  if (!allowance.metrics.has(metricSignature(metric))) throw guestPayloadRefused(`metric ${describe(metric)} is not one of the chart's`);
}

/**
 * A plain dataset column (by name, or an adhoc column whose SQL is just a column's name) carries no SQL;
 * drill to detail and drill by may use any. Other adhoc columns must be the chart's own.
 */
function assertColumn(column: QueryColumn, allowance: Allowance, plainColumns: Set<string>, grouping: boolean, orderTarget = false): void {
  const name = typeof column === 'string' ? column : column.sqlExpression?.trim();
  if (typeof name === 'string' && plainColumns.has(name)) {
    if (grouping && allowance.onlyColumns && !allowance.onlyColumns.has(name)) throw guestPayloadRefused(`column ${name} is not the filter's column`);
    return;
  }
  // Ordering by a metric's label (a string) is how tables sort; labels are resolved, not spliced.
  if (orderTarget && typeof column === 'string' && allowance.metrics.has(`name:${column}`)) return;
  if (typeof column === 'string' || !allowance.columnSql.has(name ?? '')) throw guestPayloadRefused(`column ${String(name)} is not one of the chart's`);
}

function isMetric(target: unknown): boolean {
  return typeof target === 'object' && target !== null && ('aggregate' in target || (target as { expressionType?: string }).expressionType === 'SIMPLE');
}

function metricSignature(metric: unknown): string {
  if (typeof metric === 'string') return `name:${metric}`;
  const m = metric as { expressionType?: string; sqlExpression?: string; aggregate?: string; column?: { column_name?: string } | null };
  if (m.expressionType === 'SQL') return `sql:${(m.sqlExpression ?? '').trim()}`;
  return `simple:${String(m.aggregate ?? '').toUpperCase()}:${m.column?.column_name ?? ''}`;
}

function describe(metric: unknown): string {
  return typeof metric === 'string' ? metric : ((metric as { label?: string }).label ?? metricSignature(metric));
}

/** Every metric-like object, adhoc column SQL and name found anywhere in the saved trees. */
function collectSignatures(trees: unknown[], allowance: Allowance): void {
  const visit = (node: unknown): void => {
    if (typeof node === 'string') return void allowance.metrics.add(`name:${node}`);
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (record.expressionType === 'SQL' && typeof record.sqlExpression === 'string') {
      allowance.metrics.add(metricSignature(record));
      allowance.columnSql.add(record.sqlExpression.trim());
    } else if (typeof record.aggregate === 'string') {
      allowance.metrics.add(metricSignature(record));
    } else if (typeof record.sqlExpression === 'string') {
      allowance.columnSql.add(record.sqlExpression.trim());
    }
    Object.values(record).forEach(visit);
  };
  trees.forEach(visit);
}

/** The WHERE/HAVING texts the client derives from saved adhoc filters (core's processFilters). */
function addClauses(allowance: Allowance, formData: Record<string, unknown> | null): void {
  if (!formData) return;
  try {
    const { extras } = processFilters({ adhoc_filters: (formData.adhoc_filters ?? []) as never, where: typeof formData.where === 'string' ? formData.where : undefined });
    allowance.clauses.add((extras.where ?? '').trim());
    allowance.clauses.add((extras.having ?? '').trim());
  } catch {
    // A saved filter the client could not turn into SQL either: nothing to allow.
  }
}

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function parseJson(text: string | null | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
