import type { AppContext } from '../context';
import { encodeCsv } from '../chart-data/encode';
import { type DeckLayerOutcome, deckLayersCsv, runDeckMultiLayers } from '../chart-data/deck-multi-layers';
import { parseQueryContext, runQueryContext } from '../chart-data/run-query-context';
import { LumenError, unprocessable } from '../errors';
import type { CurrentUser } from '../security/current-user';

/**
 * CSV and TEXT reports straight from chart data: the chart's saved query context runs through the same
 * runQueryContext as POST /api/v1/chart/data (permissions and RLS of the executing user), without a browser.
 */
export const TEXT_MAX_ROWS = 100;

export interface ChartFrame {
  colnames: string[];
  columns: unknown[][];
  temporal: boolean[];
}

export async function chartFrame(ctx: AppContext, user: CurrentUser, chartId: number): Promise<ChartFrame> {
  const slice = await ctx.store.db.selectFrom('slices').select(['query_context', 'cache_timeout', 'slice_name']).where('id', '=', chartId).executeTakeFirst();
  if (!slice) throw unprocessable(`Chart ${chartId} does not exist`);
  if (!slice.query_context) {
    throw new LumenError(422, `Chart '${slice.slice_name}' has no saved query context: open and save it in Explore first`);
  }
  const context = parseQueryContext(JSON.parse(slice.query_context));
  const [result] = await runQueryContext({
    ctx,
    cache: ctx.cache,
    user,
    context: { ...context, queries: context.queries.slice(0, 1), result_type: 'full', result_format: 'csv', force: true },
    chartCacheTimeout: slice.cache_timeout,
    // Nobody watches a report being made: a viewer's chart goes first when the database is busy.
    priority: 'background',
  });
  if (!result?.frame) throw new LumenError(500, 'The chart query returned no data frame');
  return { colnames: result.frame.colnames, columns: result.frame.columns, temporal: result.temporal };
}

export const frameToCsv = (frame: ChartFrame): string => encodeCsv(frame.colnames, frame.columns, frame.temporal);

/**
 * A CSV or TEXT chart report's content. A deck_multi chart has no query of its own: its content is every
 * sub-chart's rows (deck-multi-layers.ts, run as the report's user), each block labelled by sub-chart name
 * and id, a skipped sub-chart by its reason; any other chart is its first query's frame.
 *
 * @example
 * const csv = await chartReportText(ctx, user, 12, 'CSV');
 */
export async function chartReportText(ctx: AppContext, user: CurrentUser, chartId: number, format: 'CSV' | 'TEXT'): Promise<string> {
  const slice = await ctx.store.db.selectFrom('slices').select(['viz_type', 'params']).where('id', '=', chartId).executeTakeFirst();
  if (slice?.viz_type === 'deck_multi') {
    const layers = await runDeckMultiLayers({ ctx, user, multiParams: paramsOf(slice.params), resultFormat: 'csv', force: true, priority: 'background' });
    return format === 'CSV' ? deckLayersCsv(layers) : layersToText(layers);
  }
  const frame = await chartFrame(ctx, user, chartId);
  return format === 'CSV' ? frameToCsv(frame) : frameToText(frame);
}

function layersToText(layers: DeckLayerOutcome[]): string {
  return layers
    .map((layer) => {
      if (layer.error !== undefined) return `${layer.error}\n`;
      const result = layer.results?.find((r) => r.frame);
      const table = result?.frame ? frameToText({ colnames: result.frame.colnames, columns: result.frame.columns, temporal: result.temporal }) : '(no rows)\n';
      return `${layer.sliceName} (${layer.sliceId})\n${table}`;
    })
    .join('\n');
}

function paramsOf(text: string | null): Record<string, unknown> {
  try {
    const value = JSON.parse(text ?? '{}') as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function cellText(value: unknown, temporal: boolean): string {
  if (value === null || value === undefined) return '';
  if (temporal && typeof value === 'number') return new Date(value).toISOString().replace('.000Z', '').replace('T', ' ');
  return String(value);
}

/**
 * A plain-text table of the first rows, columns padded to their widest cell (numbers right-aligned), as the
 * incumbent's text reports show the data in the message body.
 *
 * @example
 * frameToText({ colnames: ['a'], columns: [[1]], temporal: [false] }); // 'a\n-\n1\n'
 */
export function frameToText(frame: ChartFrame, maxRows = TEXT_MAX_ROWS): string {
  const rowCount = frame.columns[0]?.length ?? 0;
  const shown = Math.min(rowCount, maxRows);
  const cells = frame.columns.map((column, c) => Array.from({ length: shown }, (_, r) => cellText(column[r], frame.temporal[c])));
  const numeric = frame.columns.map((column) => column.slice(0, shown).every((v) => v === null || typeof v === 'number' || typeof v === 'bigint'));
  const widths = frame.colnames.map((name, c) => Math.max(name.length, ...cells[c].map((s) => s.length)));
  const line = (values: string[]) =>
    values.map((v, c) => (numeric[c] ? v.padStart(widths[c]) : v.padEnd(widths[c]))).join(' | ').trimEnd();
  const out = [line(frame.colnames), widths.map((w) => '-'.repeat(w)).join('-+-')];
  for (let r = 0; r < shown; r++) out.push(line(cells.map((column) => column[r])));
  if (rowCount > shown) out.push(`(${shown} of ${rowCount} rows)`);
  return `${out.join('\n')}\n`;
}
