import type { AppContext } from '../context';

/** One native filter of a dashboard: its configuration and the datasets and columns it targets. */
export interface NativeFilterTarget {
  config: Record<string, unknown>;
  datasetIds: number[];
  columns: string[];
}

/** The native filters configured on these dashboards (json_metadata.native_filter_configuration). */
export async function nativeFiltersOf(ctx: Pick<AppContext, 'store'>, dashboardIds: number[]): Promise<NativeFilterTarget[]> {
  if (!dashboardIds.length) return [];
  const dashboards = await ctx.store.db.selectFrom('dashboards').select('json_metadata').where('id', 'in', dashboardIds).execute();
  return dashboards.flatMap((d) => parseFilters(d.json_metadata));
}

function parseFilters(jsonMetadata: string | null): NativeFilterTarget[] {
  if (!jsonMetadata) return [];
  let meta: { native_filter_configuration?: unknown };
  try {
    meta = JSON.parse(jsonMetadata) as typeof meta;
  } catch {
    return [];
  }
  const filters = Array.isArray(meta?.native_filter_configuration) ? (meta.native_filter_configuration as Record<string, unknown>[]) : [];
  return filters.filter((f) => f && typeof f === 'object').map((config) => {
    const targets = (Array.isArray(config.targets) ? config.targets : []) as { datasetId?: unknown; column?: { name?: unknown } }[];
    return {
      config,
      datasetIds: targets.map((t) => Number(t?.datasetId)).filter(Number.isInteger),
      columns: targets.map((t) => t?.column?.name).filter((name): name is string => typeof name === 'string'),
    };
  });
}
