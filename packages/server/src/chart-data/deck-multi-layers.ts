/**
 * deck_multi's data on the server: the chart layers the saved deck charts of its `deck_slices` and has no
 * query of its own, so GET /api/v1/chart/{id}/data, reports and the embedded page's data payloads run each
 * sub-chart's saved query context with the multi chart's adhoc filters added, as the browser's
 * load-layers.ts does. Every sub-chart runs through runQueryContext as the caller: its dataset's access,
 * RLS and (for a guest) the layered-chart allowance of guest-payload.ts hold per sub-chart. A sub-chart
 * that is missing, refused, not a deck chart or whose query fails is reported by name; the others still run.
 */
import { processFilters } from '@lumen-bi/core';
import { createHash } from 'node:crypto';
import type { AdmissionPriority } from '../admission';
import type { AppContext } from '../context';
import { layeredIdsOf } from '../embedding/layered-charts';
import { LumenError } from '../errors';
import type { CurrentUser } from '../security/current-user';
import { encodeCsv } from './encode';
import { parseQueryContext, type QueryContextInput, queryResult, type QueryResult, type ResultFormat, runQueryContext } from './run-query-context';

/** The viz types a deck_multi chart layers (charts' DECK_LAYER_VIZ_TYPES: every deck type but deck_multi). */
export const DECK_LAYER_VIZ_TYPES: ReadonlySet<string> = new Set([
  'deck_arc',
  'deck_contour',
  'deck_geojson',
  'deck_grid',
  'deck_heatmap',
  'deck_hex',
  'deck_path',
  'deck_polygon',
  'deck_scatter',
  'deck_screengrid',
]);

/** One sub-chart's outcome: its results, or why it has none (`error`, naming the chart). */
export interface DeckLayerOutcome {
  sliceId: number;
  sliceName: string;
  vizType: string | null;
  /** The query context that ran (the sub-chart's saved one with the multi chart's filters added). */
  context?: QueryContextInput;
  results?: QueryResult[];
  error?: string;
}

export interface DeckLayerRunOptions {
  ctx: AppContext;
  user: CurrentUser | null;
  /** The multi chart's saved form data (its deck_slices and adhoc_filters). */
  multiParams: Record<string, unknown>;
  force?: boolean;
  resultFormat?: ResultFormat;
  signal?: AbortSignal;
  requestedAt?: number;
  priority?: AdmissionPriority;
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function parseObject(text: string | null | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A sub-chart's saved query context narrowed by the multi chart's adhoc filters: its simple filters join
 * each query's `filters`, and WHERE/HAVING are made again from the sub-chart's and the multi's adhoc filters
 * together (the same texts the browser sends, which the guest allowance accepts).
 *
 * @example
 * layerQueryContext(saved, { adhoc_filters: [] }, { adhoc_filters: [sqlFilter] }).queries[0].extras.where; // '(qty > 1)'
 */
export function layerQueryContext(saved: Record<string, unknown>, subParams: Record<string, unknown>, multiParams: Record<string, unknown>): Record<string, unknown> {
  const multiFilters = list(multiParams.adhoc_filters);
  if (!multiFilters.length) return saved;
  const added = processFilters({ adhoc_filters: multiFilters as never });
  const combined = processFilters({
    adhoc_filters: [...list(subParams.adhoc_filters), ...multiFilters] as never,
    where: typeof subParams.where === 'string' ? subParams.where : undefined,
  });
  const queries = list(saved.queries).map((raw) => {
    const query = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const extras = { ...((query.extras ?? {}) as Record<string, unknown>), where: combined.extras.where ?? '', having: combined.extras.having ?? '' };
    return { ...query, filters: [...list(query.filters), ...added.filters], extras };
  });
  return { ...saved, queries };
}

/**
 * Runs every sub-chart of a deck_multi chart, in `deck_slices` order, in parallel.
 *
 * @example
 * const layers = await runDeckMultiLayers({ ctx, user: request.user, multiParams: { deck_slices: [67, 73] } });
 * layers.map((l) => l.error ?? `${l.sliceName}: ${l.results!.length} queries`);
 */
export async function runDeckMultiLayers(options: DeckLayerRunOptions): Promise<DeckLayerOutcome[]> {
  return Promise.all(layeredIdsOf(options.multiParams).map((id) => runLayer(options, id)));
}

async function runLayer(options: DeckLayerRunOptions, id: number): Promise<DeckLayerOutcome> {
  const { ctx } = options;
  const slice = await ctx.store.db
    .selectFrom('slices')
    .select(['slice_name', 'viz_type', 'params', 'query_context', 'cache_timeout'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!slice) return { sliceId: id, sliceName: `Chart ${id}`, vizType: null, error: `Chart ${id} skipped: no such chart` };
  const sliceName = slice.slice_name || `Chart ${id}`;
  const outcome = { sliceId: id, sliceName, vizType: slice.viz_type ?? null };
  const named = (why: string) => ({ ...outcome, error: `${sliceName} (${id}) skipped: ${why}` });
  if (!DECK_LAYER_VIZ_TYPES.has(slice.viz_type ?? '')) return named(`a ${slice.viz_type ?? 'chart without a type'} chart is not a deck.gl layer`);
  const saved = parseObject(slice.query_context);
  if (!saved) return named('it has no saved query context; open and save it in Explore first');
  try {
    const context = parseQueryContext(layerQueryContext(saved, parseObject(slice.params) ?? {}, options.multiParams));
    // The sub-chart's own id: a guest's request is checked against it (a chart its dashboard's multi layers).
    context.form_data = { ...(context.form_data ?? {}), slice_id: id };
    if (options.force) context.force = true;
    if (options.resultFormat) context.result_format = options.resultFormat;
    const results = await runQueryContext({
      ctx,
      cache: ctx.cache,
      user: options.user,
      context,
      chartCacheTimeout: slice.cache_timeout,
      signal: options.signal,
      requestedAt: options.requestedAt,
      priority: options.priority,
    });
    return { ...outcome, context, results };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return named(failureText(error));
  }
}

function failureText(error: unknown): string {
  if (error instanceof LumenError && (error.statusCode === 401 || error.statusCode === 403)) return `you do not have access to this chart (${error.message})`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * One chart-data result per sub-chart, as the browser's loadDeckLayers makes them (charts' DeckMultiResult):
 * no rows of its own, `deck_layer` {sliceId, sliceName, vizType, queriesData} holding the sub-chart's query
 * results as POST /api/v1/chart/data answers them, or `deck_layer_error` naming the skipped sub-chart. The
 * sub-chart's results go in as their own bytes (cached results are not parsed again).
 */
export function deckLayerResults(layers: DeckLayerOutcome[]): QueryResult[] {
  return layers.map((layer) => {
    const rowcount = (layer.results ?? []).reduce((n, r) => n + (r.frame ? (r.frame.columns[0]?.length ?? 0) : rowcountOf(r)), 0);
    const head = { cache_key: null, cached_dttm: null, is_cached: false, query: '', data: [], colnames: [], coltypes: [], rowcount };
    let parts: Buffer[];
    if (layer.error !== undefined || !layer.results) {
      parts = [Buffer.from(JSON.stringify({ ...head, deck_layer_error: layer.error ?? 'no results' }))];
    } else {
      const open = JSON.stringify({ ...head, deck_layer: { sliceId: layer.sliceId, sliceName: layer.sliceName, vizType: layer.vizType, formData: layer.context?.form_data ?? {} } });
      parts = [Buffer.from(`${open.slice(0, -2)},"queriesData":[`)];
      layer.results.forEach((result, i) => {
        if (i > 0) parts.push(Buffer.from(','));
        parts.push(...result.parts);
      });
      parts.push(Buffer.from(']}}'));
    }
    const hash = createHash('sha256');
    for (const part of parts) hash.update(part);
    const digest = hash.digest('base64url');
    return queryResult(parts, digest, layer.results?.every((r) => r.repeatable) ?? true);
  });
}

function rowcountOf(result: QueryResult): number {
  try {
    const value = JSON.parse(result.json) as { rowcount?: unknown };
    return typeof value.rowcount === 'number' ? value.rowcount : 0;
  } catch {
    return 0;
  }
}

/**
 * Every sub-chart's rows as CSV blocks, in deck_slices order: each block opens with a line naming the
 * sub-chart (`# Flight routes (73)`), then its first query's CSV; a skipped sub-chart is one `# ... skipped:`
 * line. Blocks are separated by a blank line; lines end in CRLF as encodeCsv's do. Needs results run with resultFormat 'csv' (they hold frames).
 *
 * @example
 * deckLayersCsv(await runDeckMultiLayers({ ctx, user, multiParams, resultFormat: 'csv' }));
 */
export function deckLayersCsv(layers: DeckLayerOutcome[]): string {
  return layers
    .map((layer) => {
      if (layer.error !== undefined) return `${csvComment(`# ${layer.error}`)}\r\n`;
      const frame = layer.results?.find((r) => r.frame);
      const body = frame?.frame ? encodeCsv(frame.frame.colnames, frame.frame.columns, frame.temporal) : '';
      return `${csvComment(`# ${layer.sliceName} (${layer.sliceId})`)}\r\n${body}`;
    })
    .join('\r\n');
}

/** A label line as one CSV field (quoted when it holds a separator, quote or line break). */
function csvComment(text: string): string {
  const flat = text.replace(/[\r\n]+/g, ' ');
  return /[",]/.test(flat) ? `"${flat.replace(/"/g, '""')}"` : flat;
}
