import { createHash } from 'node:crypto';
import { type AdmissionPriority, admissionUserOf } from '../admission';
import type { CacheBackend } from '../cache';
import type { AppContext } from '../context';
import { type EngineClient, getConnection, getEngineSpec, TIME_GRAIN_NAMES, TIME_GRAINS } from '../engines';
import { badRequest, ErrorType, LumenError, notFound } from '../errors';
import type { CurrentUser } from '../security/current-user';
import { assertDatasetAccess } from './access';
import { chartBackedLayers } from './annotations';
import { loadNativeAnnotations, type NativeAnnotationData, nativeLayers } from './native-annotations';
import { compileCheckedQuery } from './checked-compile';
import type { CompiledQuery } from './compile-query';
import { type DatasetModel, loadDatasetModel } from './dataset-model';
import { renderSqlForDisplay } from './display-sql';
import { runOnceAcrossProcesses } from './cross-process-run';
import { encodeColumns, encodeRecords } from './encode';
import { applyPostProcessing, type Frame, joinTimeOffsets, PostProcessingError } from './post-processing';
import { type AdhocColumn, parseQueryObject, type QueryObject } from './query-object';
import { type ChartQueryDeadline, startChartQueryDeadline } from './query-deadline';
import { assertGuestPayload } from '../embedding/guest-payload';
import { rlsClausesFor } from './rls';
import { decodeStoredResult, digestOf, freshDigestOf, type StoredResult, storedResultFromText } from './stored-result';
import { shiftInterval } from './time-shift';

/**
 * POST /api/v1/chart/data in one function: every chart, dashboard, embedded element and report draws its
 * numbers through here (DESIGN.md "Data flow"). Per query: access and RLS -> compile -> cache lookup ->
 * engine -> columnar post-processing -> serialised result (cached as bytes).
 */
export const RESULT_TYPES = ['full', 'samples', 'query', 'results', 'columns', 'timegrains', 'drill_detail', 'post_processed'] as const;
export type ResultType = (typeof RESULT_TYPES)[number];
export const RESULT_FORMATS = ['json', 'csv', 'xlsx'] as const;
export type ResultFormat = (typeof RESULT_FORMATS)[number];
/**
 * Lumen-only: how a JSON result carries its rows. 'records' (default) is the incumbent's `data`; 'columns'
 * sends `columns` (one array per colname) instead, which Lumen's own charts read without per-row work.
 */
export const RESULT_LAYOUTS = ['records', 'columns'] as const;
export type ResultLayout = (typeof RESULT_LAYOUTS)[number];

export interface QueryContextInput {
  datasource: { id: number; type: string };
  queries: unknown[];
  form_data?: Record<string, unknown> | null;
  force?: boolean;
  result_format?: ResultFormat;
  result_type?: ResultType;
  result_layout?: ResultLayout;
}

export interface QueryResult {
  /**
   * The per-query JSON object as sent (UTF-8), in pieces that concatenate to it: a cache hit's is the stored
   * bytes themselves, a fresh result's shares its rows with the cache entry written for it (no copy).
   */
  parts: Buffer[];
  /** sha-256 of the JSON (base64url): this query's part of the response's ETag. */
  digest: string;
  /** Answered from the result cache or a fixed payload, so asking again answers the same bytes. */
  repeatable: boolean;
  /** The same JSON as text, decoded when read (annotations, samples and explore_json parse it). */
  readonly json: string;
  frame: Frame | null;
  temporal: boolean[];
}

/** A QueryResult over its JSON parts (the text decoded only when `json` is read). */
export function queryResult(parts: Buffer[], digest: string, repeatable: boolean, frame: Frame | null = null, temporal: boolean[] = []): QueryResult {
  return {
    parts,
    digest,
    repeatable,
    get json() {
      return Buffer.concat(parts).toString();
    },
    frame,
    temporal,
  };
}

const GENERIC_CODES: Record<string, number> = { NUMERIC: 0, STRING: 1, TEMPORAL: 2, BOOLEAN: 3 };
const SAMPLES_ROW_LIMIT = 1000;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Validates the request body's envelope; queries are validated one by one later. */
export function parseQueryContext(body: unknown): QueryContextInput {
  if (!isObject(body)) throw badRequest('The request body must be a JSON object (a chart data query context)');
  const datasource = body.datasource;
  if (!isObject(datasource)) throw badRequest('datasource must be an object {id, type}');
  const id = typeof datasource.id === 'string' && /^\d+$/.test(datasource.id) ? Number(datasource.id) : datasource.id;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1) throw badRequest('datasource.id must be a positive integer');
  if (datasource.type !== 'table' && datasource.type !== 'dataset') {
    throw new LumenError(400, `Datasource type '${String(datasource.type)}' is not supported for chart data; use table`, ErrorType.UNKNOWN_DATASOURCE_TYPE_ERROR);
  }
  if (!Array.isArray(body.queries) || body.queries.length === 0) throw badRequest('queries must be a non-empty list');
  if (body.queries.length > 20) throw badRequest('queries may hold at most 20 query objects');
  const resultType = body.result_type ?? 'full';
  if (!(RESULT_TYPES as readonly unknown[]).includes(resultType)) throw badRequest(`result_type must be one of ${RESULT_TYPES.join(', ')}`);
  const resultFormat = body.result_format ?? 'json';
  if (!(RESULT_FORMATS as readonly unknown[]).includes(resultFormat)) throw badRequest(`result_format must be one of ${RESULT_FORMATS.join(', ')}`);
  if (body.force !== undefined && typeof body.force !== 'boolean') throw badRequest('force must be a boolean');
  const resultLayout = body.result_layout ?? 'records';
  if (!(RESULT_LAYOUTS as readonly unknown[]).includes(resultLayout)) throw badRequest(`result_layout must be one of ${RESULT_LAYOUTS.join(', ')}`);
  return {
    datasource: { id, type: 'table' },
    queries: body.queries,
    form_data: isObject(body.form_data) ? body.form_data : null,
    force: body.force === true,
    result_format: resultFormat as ResultFormat,
    result_type: resultType as ResultType,
    result_layout: resultLayout as ResultLayout,
  };
}

export interface RunOptions {
  ctx: AppContext;
  cache: CacheBackend;
  user: CurrentUser | null;
  context: QueryContextInput;
  /** cache_timeout of the saved chart, when the request names one. */
  chartCacheTimeout?: number | null;
  now?: Date;
  /** Annotation queries do not resolve annotations of their own (no recursion through charts). */
  skipAnnotations?: boolean;
  /**
   * Answer from the cache or not at all (throws CacheMissError): the async path asks this first and
   * queues a job only when some query is not cached, as the incumbent's force_cached lookup does.
   */
  cacheOnly?: boolean;
  /**
   * Fires when the client that asked goes away: the running statements are cancelled in the engine (once
   * every request sharing them has gone, see QueryCoalescer).
   */
  signal?: AbortSignal;
  /**
   * When the client asked (ms since the epoch; default: now). A force refresh shares only a run of the same
   * query that started at or after this time.
   */
  requestedAt?: number;
  /** Place in the database's admission queue: 'interactive' (default) for a viewer, 'background' for reports. */
  priority?: AdmissionPriority;
}

/** The chart a query context belongs to (form_data.slice_id), or null for a chart-less query. */
function sliceIdOf(context: QueryContextInput): number | null {
  const id = Number(context.form_data?.slice_id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** A cacheOnly run found a query without a cached result. */
export class CacheMissError extends Error {
  override name = 'CacheMissError';
}

/** Runs every query of a query context; returns one serialised result per query. */
export async function runQueryContext(options: RunOptions): Promise<QueryResult[]> {
  const { ctx, context } = options;
  const user = await assertDatasetAccess(ctx, options.user, context.datasource.id);
  const dataset = await loadDatasetModel(ctx, context.datasource.id);
  const database = await ctx.store.db.selectFrom('dbs').selectAll().where('id', '=', dataset.database_id).executeTakeFirst();
  if (!database) throw notFound(`Database ${dataset.database_id} of dataset ${dataset.table_name} does not exist`);
  const spec = getEngineSpec(database.backend);
  const rls = await rlsClausesFor(ctx, user, dataset.id);
  const cacheTimeout = options.chartCacheTimeout ?? dataset.cache_timeout ?? database.cache_timeout ?? ctx.config.cacheDefaultTimeout;
  const queries = context.queries.map((raw, i) => parseQueryObject(raw, `queries[${i}]`));
  if (user.guest) {
    const request = { datasetId: dataset.id, sliceId: sliceIdOf(context), resultType: context.result_type ?? 'full' };
    await assertGuestPayload(ctx, user, request, dataset, queries);
  }
  const layout: ResultLayout = context.result_layout ?? 'records';
  const requestedAt = options.requestedAt ?? Date.now();
  let client: EngineClient | null = null;
  const connection = async () => (client ??= await getConnection(ctx, database));
  const admission = { database, user: admissionUserOf(user), priority: options.priority ?? 'interactive' };

  return Promise.all(
    queries.map(async (query) => {
      const resultType = (query.result_type as ResultType | null) ?? context.result_type ?? 'full';
      if (resultType === 'timegrains') return staticResult(timegrainsPayload());
      if (resultType === 'columns') return staticResult(columnsPayload(dataset));
      const effective = resultType === 'samples' || resultType === 'drill_detail' ? samplesQuery(dataset, query, resultType) : query;
      const compiled = await compileCheckedQuery({ spec, dataset, query: effective, rlsClauses: rls, maxRowLimit: ctx.config.rowLimit, now: options.now });
      const displaySql = renderSqlForDisplay(compiled.sql, compiled.params, spec);
      if (resultType === 'query') return staticResult({ query: displaySql, language: 'sql' });
      const native = options.skipAnnotations ? {} : await loadNativeAnnotations(ctx, user, nativeLayers(effective.annotation_layers));
      const key = cacheKey(database.id, dataset, compiled, effective, resultType, layout, await annotationScope(options, effective, native));
      const run: QueryRun = { options, key, compiled, effective, resultType, layout, rls, spec, dataset, displaySql, cacheTimeout, connection, native };
      // CSV and Excel need the frame itself, which the cache (serialised JSON) does not hold: downloads always query.
      if (context.result_format === 'csv' || context.result_format === 'xlsx') return computeResult(run, startChartQueryDeadline(ctx, admission, options.signal));
      if (!context.force) {
        const hit = await readStored(options.cache, key);
        if (hit) return fromStored(hit);
      }
      if (options.cacheOnly) throw new CacheMissError('Chart data is not cached');
      const force = context.force === true;
      return ctx.coalescer.share(key, { force, requestedAt, signal: options.signal }, (shared) => {
        const compute = () => computeResult(run, startChartQueryDeadline(ctx, admission, shared));
        const locks = options.cache.locks;
        if (!locks || !ctx.coalescer.enabled) return compute();
        const limitMs = ctx.config.chartDataTimeoutSeconds * 1000;
        return runOnceAcrossProcesses({
          locks,
          key,
          force,
          requestedAt,
          lockMs: limitMs,
          waitMs: limitMs,
          signal: shared,
          readStored: () => readStored(options.cache, key),
          fromStored,
          compute,
        });
      });
    }),
  );
}

/** What one query of a context needs to be run. */
interface QueryRun {
  options: RunOptions;
  key: string;
  compiled: CompiledQuery;
  effective: QueryObject;
  resultType: ResultType;
  layout: ResultLayout;
  rls: string[];
  spec: ReturnType<typeof getEngineSpec>;
  dataset: DatasetModel;
  displaySql: string;
  cacheTimeout: number;
  connection: () => Promise<EngineClient>;
  /** The NATIVE layers' annotation_data, read before the cache lookup (it is part of the key). */
  native: Record<string, NativeAnnotationData>;
}

/** Runs one query in the engine, post-processes and serialises it, and stores the result in the cache. */
async function computeResult(run: QueryRun, deadline: ChartQueryDeadline): Promise<QueryResult> {
  const { options, compiled, effective, resultType, spec, dataset, rls } = run;
  const { ctx } = options;
  const frame = await executeFrame(await run.connection(), compiled, deadline);
  let result = frame;
  if (effective.time_offsets.length && resultType !== 'samples' && resultType !== 'drill_detail') {
    const shifted = await Promise.all(
      effective.time_offsets.map(async (offset) => {
        const interval = shiftInterval(compiled.interval, offset);
        const shiftedQuery = await compileCheckedQuery({ spec, dataset, query: effective, rlsClauses: rls, maxRowLimit: ctx.config.rowLimit, now: options.now, intervalOverride: interval, shiftTemporalRange: (range) => shiftInterval(range, offset) });
        return { offset, frame: await executeFrame(await run.connection(), shiftedQuery, deadline) };
      }),
    );
    const index = compiled.temporalLabels[0] ?? compiled.columnLabels[0];
    result = postProcess(() => joinTimeOffsets(frame, shifted, { index, metrics: compiled.metricLabels }));
  }
  if (resultType !== 'samples' && resultType !== 'drill_detail') {
    const input = result;
    result = postProcess(() => applyPostProcessing(input, effective.post_processing));
  }
  // As the incumbent's get_annotation_data: native layers first, a chart-backed layer of the same name wins.
  const annotationData = options.skipAnnotations ? {} : { ...run.native, ...(await resolveAnnotations(options, effective)) };
  const totalCount = resultType === 'drill_detail' ? { total_count: await countDrillRows(run, deadline) } : {};
  const writtenAt = Date.now();
  const now = new Date(writtenAt).toISOString();
  const payload = {
    cache_key: run.key,
    cached_dttm: null as string | null,
    cache_timeout: run.cacheTimeout,
    applied_template_filters: [],
    annotation_data: annotationData,
    error: null,
    is_cached: false,
    query: run.displaySql,
    status: 'success',
    stacktrace: null,
    rowcount: result.columns[0]?.length ?? 0,
    sql_rowcount: frame.columns[0]?.length ?? 0,
    from_dttm: compiled.interval.since?.getTime() ?? null,
    to_dttm: compiled.interval.until?.getTime() ?? null,
    label_map: Object.fromEntries(result.colnames.map((name) => [name, [name]])),
    colnames: result.colnames,
    indexnames: Array.from({ length: result.columns[0]?.length ?? 0 }, (_, i) => i),
    coltypes: result.coltypes,
    applied_filters: compiled.appliedFilters,
    rejected_filters: compiled.rejectedFilters,
    ...totalCount,
  };
  // The rows are encoded to text once and written once, into the cache entry, in the form a hit answers
  // (is_cached, cached_dttm); the fresh answer is its own head before the entry's rows (a view, no copy).
  const [rowsKey, rowsJson] = run.layout === 'columns' ? ['"columns":', encodeColumns(result.columns)] : ['"data":', encodeRecords(result.colnames, result.columns)];
  const tail = `,"result_format":"json","cached_at":"${now}"}`;
  const headOf = (head: Record<string, unknown>) => `${JSON.stringify(head).slice(0, -1)},`;
  const hitHead = headOf({ ...payload, cached_dttm: now, is_cached: true });
  const { entry, stored } = storedResultFromText([hitHead, rowsKey, rowsJson, tail], writtenAt);
  await options.cache.set(run.key, entry, run.cacheTimeout).catch((error: unknown) => ctx.logger.warn({ err: error }, 'chart-data cache write failed'));
  const rowsAndTail = stored.bytes.subarray(Buffer.byteLength(hitHead));
  return queryResult([Buffer.from(headOf(payload)), rowsAndTail], freshDigestOf(stored.digest), false, result, result.coltypes.map((t) => t === 2));
}

/** The cache entry under `key` in the stored-result format, or null (missing, unreadable, or the cache is down). */
async function readStored(cache: CacheBackend, key: string): Promise<StoredResult | null> {
  const entry = await cache.get(key).catch(() => null);
  return entry ? decodeStoredResult(entry) : null;
}

/** A hit answers the stored bytes as they are. */
function fromStored(stored: StoredResult): QueryResult {
  return queryResult([stored.bytes], stored.digest, true);
}

/**
 * What a query's annotation rows depend on beyond the layers' config, part of its cache key: the NATIVE
 * layers' annotations themselves (read anyway, and small), so an edited annotation is never answered stale
 * from the cache; for each chart-backed layer, the chart's version, the dataset it reads and the RLS clauses
 * this user gets there.
 * The answer carries the layers' rows, so without it a cached answer would hand one user the annotation
 * rows computed under another user's RLS, or to a user who may not read the layer's dataset at all: access
 * is checked here, before a cache hit can answer without running the layer.
 */
async function annotationScope(options: RunOptions, query: QueryObject, native: Record<string, NativeAnnotationData>): Promise<unknown[]> {
  if (options.skipAnnotations) return [];
  const { ctx } = options;
  const scope: unknown[] = Object.keys(native).length ? [native] : [];
  for (const layer of chartBackedLayers(query.annotation_layers)) {
    const slice = await ctx.store.db.selectFrom('slices').select(['query_context', 'changed_on']).where('id', '=', layer.sliceId).executeTakeFirst();
    if (!slice?.query_context) throw notFound(`Annotation layer '${layer.name}' refers to chart ${layer.sliceId}, which does not exist or has no saved query`);
    const datasetId = parseQueryContext(JSON.parse(slice.query_context)).datasource.id;
    const user = await assertDatasetAccess(ctx, options.user, datasetId);
    scope.push([layer.sliceId, slice.changed_on, datasetId, await rlsClausesFor(ctx, user, datasetId)]);
  }
  return scope;
}

/** Runs each chart-backed annotation layer's saved query context; records keyed by layer name. */
async function resolveAnnotations(options: RunOptions, query: QueryObject): Promise<Record<string, { records: unknown[] }>> {
  const layers = chartBackedLayers(query.annotation_layers);
  const data: Record<string, { records: unknown[] }> = {};
  for (const layer of layers) {
    const slice = await options.ctx.store.db.selectFrom('slices').select('query_context').where('id', '=', layer.sliceId).executeTakeFirst();
    if (!slice?.query_context) throw notFound(`Annotation layer '${layer.name}' refers to chart ${layer.sliceId}, which does not exist or has no saved query`);
    const context = parseQueryContext(JSON.parse(slice.query_context));
    const [result] = await runQueryContext({ ...options, context: { ...context, queries: context.queries.slice(0, 1), result_type: 'full', result_format: 'json', result_layout: 'records' }, skipAnnotations: true });
    data[layer.name] = { records: (JSON.parse(result.json) as { data: unknown[] }).data };
  }
  return data;
}

/** Post-processing errors are the request's fault (bad options): a 400 naming the operation. */
function postProcess(step: () => Frame): Frame {
  try {
    return step();
  } catch (error) {
    if (error instanceof PostProcessingError) throw badRequest(error.message, undefined, ErrorType.VIZ_GET_DF_ERROR);
    throw error;
  }
}

function staticResult(payload: Record<string, unknown>): QueryResult {
  const bytes = Buffer.from(JSON.stringify({ ...payload, status: 'success', error: null }));
  return queryResult([bytes], digestOf(bytes), true);
}

function cacheKey(databaseId: number, dataset: DatasetModel, compiled: CompiledQuery, query: QueryObject, resultType: string, layout: ResultLayout, annotations: unknown[]): string {
  // The cache holds the serialised result, so each layout has its own entry ('records' keeps the old keys).
  const parts: unknown[] = [databaseId, dataset.id, dataset.changed_on, compiled.sql, compiled.params, query.post_processing, query.time_offsets, query.annotation_layers, resultType];
  if (layout !== 'records') parts.push(layout);
  if (annotations.length) parts.push(annotations);
  return createHash('sha256')
    .update(JSON.stringify(parts))
    .digest('hex');
}

async function executeFrame(client: EngineClient, compiled: CompiledQuery, deadline: ChartQueryDeadline): Promise<Frame> {
  // Column by column from the engine (DuckDB reads its chunks so): the Frame is columnar, no rows in between.
  const result = await deadline.executeColumns(client, compiled.sql, compiled.params, {
    temporalColumns: compiled.temporalLabels,
    maxRows: compiled.rowLimit,
  });
  return {
    colnames: result.columns.map((c, i) => compiled.labels[i] ?? c.name),
    coltypes: result.columns.map((c, i) => (compiled.temporalLabels.includes(compiled.labels[i]) ? 2 : GENERIC_CODES[c.generic_type ?? 'STRING'] ?? 1)),
    columns: result.values,
  };
}

/**
 * Drill to detail's total_count: how many rows the drill's filters leave visible (RLS and guest rules
 * included, as they are in the compiled rows query), whatever the page asked. Same WHERE, COUNT(*) only.
 */
async function countDrillRows(run: QueryRun, deadline: ChartQueryDeadline): Promise<number> {
  const { options, spec, dataset, rls, effective } = run;
  const count: QueryObject = {
    ...effective,
    columns: [],
    metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'total_count' }],
    orderby: [],
    row_limit: 1,
    row_offset: 0,
  };
  const compiled = await compileCheckedQuery({ spec, dataset, query: count, rlsClauses: rls, maxRowLimit: options.ctx.config.rowLimit, now: options.now });
  const frame = await executeFrame(await run.connection(), compiled, deadline);
  return Number(frame.columns[0]?.[0] ?? 0);
}

/** Samples and drill-to-detail: the dataset's rows (all columns) under the query's filters, no metrics. */
function samplesQuery(dataset: DatasetModel, query: QueryObject, type: 'samples' | 'drill_detail'): QueryObject {
  const columns = dataset.columns.map((c) => c.column_name);
  return {
    ...query,
    columns,
    metrics: [],
    groups_columns: false,
    // Drill to detail pages through the rows: without an ORDER BY a parallel engine may answer page 2 with
    // rows of page 1. Ordering by every column makes each page's rows a fixed slice of one order.
    // (Column objects, not names: a name that is also a saved metric's would order by the metric.)
    orderby: type === 'drill_detail' ? columns.map((column) => [{ sqlExpression: column, label: column }, true] as [AdhocColumn, boolean]) : [],
    is_timeseries: false,
    series_limit: 0,
    extras: type === 'samples' ? { where: query.extras.where } : { where: query.extras.where },
    post_processing: [],
    time_offsets: [],
    row_limit: Math.min(query.row_limit ?? SAMPLES_ROW_LIMIT, SAMPLES_ROW_LIMIT * (type === 'drill_detail' ? 10 : 1)),
  };
}

function columnsPayload(dataset: DatasetModel): Record<string, unknown> {
  return {
    data: dataset.columns.map((c) => ({ column_name: c.column_name, verbose_name: null, dtype: c.type, is_dttm: c.is_dttm })),
    colnames: ['column_name', 'verbose_name', 'dtype'],
    rowcount: dataset.columns.length,
  };
}

function timegrainsPayload(): Record<string, unknown> {
  const data = TIME_GRAINS.map((duration) => ({ name: TIME_GRAIN_NAMES[duration], function: duration, duration }));
  return { data, colnames: ['name', 'function', 'duration'], rowcount: data.length };
}
