/**
 * Charts a guest reaches through a deck_multi chart: a deck_multi chart draws the saved deck charts named
 * by its `deck_slices` (each read with GET /api/v1/chart/{id} and queried as saved, narrowed by the multi
 * chart's filters), which need not be on the dashboard themselves. A guest token that grants a dashboard
 * holding a multi chart therefore grants reading those sub-charts, their datasets, and their saved
 * queries with the multi chart's filters added; nothing else.
 */
import type { AnyDb } from '../resources/definition';

/** A deck_multi chart on one of the dashboards: its saved form data and the sub-chart ids it layers. */
export interface DeckMultiOnDashboard {
  params: Record<string, unknown>;
  layeredIds: number[];
}

/**
 * @example
 * const multis = await deckMultisOnDashboards(db, [4]); // [{ params: {...}, layeredIds: [67, 73] }]
 */
export async function deckMultisOnDashboards(db: AnyDb, dashboardIds: number[]): Promise<DeckMultiOnDashboard[]> {
  if (!dashboardIds.length) return [];
  const rows = await db
    .selectFrom('slices as s')
    .innerJoin('dashboard_slices as l', 'l.slice_id', 's.id')
    .select(['s.id', 's.params'])
    .distinct()
    .where('l.dashboard_id', 'in', dashboardIds)
    .where('s.viz_type', '=', 'deck_multi')
    .execute();
  return rows.map((row) => {
    const params = parseParams(row.params as string | null);
    return { params, layeredIds: layeredIdsOf(params) };
  });
}

/**
 * The sub-chart ids of a deck_multi form data (numbers or digit strings; anything else is ignored: it
 * grants nothing).
 *
 * @example
 * layeredIdsOf({ deck_slices: [67, '73', 'x'] }); // [67, 73]
 */
export function layeredIdsOf(params: Record<string, unknown>): number[] {
  const list = Array.isArray(params.deck_slices) ? params.deck_slices : [];
  return list.map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v)).filter((v): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0);
}

/**
 * The multi charts on the dashboards that layer chart `chartId` (empty: the guest does not reach it this way).
 *
 * @example
 * if ((await multisLayering(db, dashboardIds, 67)).length) allow();
 */
export async function multisLayering(db: AnyDb, dashboardIds: number[], chartId: number): Promise<DeckMultiOnDashboard[]> {
  return (await deckMultisOnDashboards(db, dashboardIds)).filter((multi) => multi.layeredIds.includes(chartId));
}

/** Every sub-chart id the dashboards' multi charts layer. */
export async function layeredChartIds(db: AnyDb, dashboardIds: number[]): Promise<number[]> {
  return [...new Set((await deckMultisOnDashboards(db, dashboardIds)).flatMap((multi) => multi.layeredIds))];
}

function parseParams(text: string | null): Record<string, unknown> {
  try {
    const value = JSON.parse(text ?? '{}') as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
