/**
 * Copying a dashboard with its charts gives every chart a new id; every place the layout and json_metadata
 * name a chart must follow, or filters, cross filters and refresh settings silently point at the originals.
 */
import { CHART_TYPE } from './layout-types';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Old chart id -> new chart id (and optionally the new chart's uuid). */
export interface ChartIdMapping {
  ids: ReadonlyMap<number, number>;
  uuids?: ReadonlyMap<number, string>;
}

const mapId = (m: ChartIdMapping, v: unknown): unknown => (typeof v === 'number' && m.ids.has(v) ? m.ids.get(v) : v);
const mapIds = (m: ChartIdMapping, v: unknown): unknown => (Array.isArray(v) ? v.map((x) => mapId(m, x)) : v);
/** Maps object keys that are chart ids ("12" -> "34"). */
function mapKeys(m: ChartIdMapping, obj: unknown, value: (v: unknown) => unknown = (v) => v): unknown {
  if (!isObject(obj)) return obj;
  const out: Json = {};
  for (const [k, v] of Object.entries(obj)) {
    const n = /^\d+$/.test(k) ? Number(k) : NaN;
    out[m.ids.has(n) ? String(m.ids.get(n)) : k] = value(v);
  }
  return out;
}

function mapScope(m: ChartIdMapping, scope: unknown): unknown {
  return isObject(scope) ? { ...scope, excluded: mapIds(m, scope.excluded) } : scope;
}

/**
 * position_json with CHART components pointing at the new charts.
 *
 * @example
 * remapPositionChartIds(position, { ids: new Map([[1, 101]]) }); // CHART meta.chartId 1 -> 101
 */
export function remapPositionChartIds<T>(position: T, mapping: ChartIdMapping): T {
  if (!isObject(position)) return position;
  const out: Json = {};
  for (const [key, c] of Object.entries(position)) {
    if (isObject(c) && c.type === CHART_TYPE && isObject(c.meta) && typeof c.meta.chartId === 'number' && mapping.ids.has(c.meta.chartId)) {
      const old = c.meta.chartId;
      const uuid = mapping.uuids?.get(old);
      out[key] = { ...c, meta: { ...c.meta, chartId: mapping.ids.get(old), ...(uuid ? { uuid } : {}) } };
    } else {
      out[key] = c;
    }
  }
  return out as T;
}

/**
 * json_metadata with chart ids remapped in native filter scopes and chartsInScope, chart_configuration
 * (keys, ids, cross-filter scopes), global_chart_configuration, expanded_slices, timed_refresh_immune_slices,
 * and the legacy filter_scopes / default_filters keyed by chart id.
 */
export function remapMetadataChartIds(metadata: Json, mapping: ChartIdMapping): Json {
  const m = mapping;
  const out: Json = { ...metadata };
  if (Array.isArray(metadata.native_filter_configuration)) {
    out.native_filter_configuration = metadata.native_filter_configuration.map((f) =>
      isObject(f) ? { ...f, ...(f.scope ? { scope: mapScope(m, f.scope) } : {}), ...(f.chartsInScope ? { chartsInScope: mapIds(m, f.chartsInScope) } : {}) } : f,
    );
  }
  if (isObject(metadata.chart_configuration)) {
    out.chart_configuration = mapKeys(m, metadata.chart_configuration, (cfg) => {
      if (!isObject(cfg)) return cfg;
      const cross = isObject(cfg.crossFilters)
        ? { ...cfg.crossFilters, scope: mapScope(m, cfg.crossFilters.scope), ...(cfg.crossFilters.chartsInScope ? { chartsInScope: mapIds(m, cfg.crossFilters.chartsInScope) } : {}) }
        : cfg.crossFilters;
      return { ...cfg, id: mapId(m, cfg.id), ...(cross !== undefined ? { crossFilters: cross } : {}) };
    });
  }
  if (isObject(metadata.global_chart_configuration)) {
    const g = metadata.global_chart_configuration;
    out.global_chart_configuration = { ...g, scope: mapScope(m, g.scope), ...(g.chartsInScope ? { chartsInScope: mapIds(m, g.chartsInScope) } : {}) };
  }
  if (isObject(metadata.expanded_slices)) out.expanded_slices = mapKeys(m, metadata.expanded_slices);
  if (Array.isArray(metadata.timed_refresh_immune_slices)) out.timed_refresh_immune_slices = mapIds(m, metadata.timed_refresh_immune_slices);
  if (isObject(metadata.filter_scopes)) {
    out.filter_scopes = mapKeys(m, metadata.filter_scopes, (cols) =>
      isObject(cols) ? Object.fromEntries(Object.entries(cols).map(([col, s]) => [col, isObject(s) ? { ...s, immune: mapIds(m, s.immune) } : s])) : cols,
    );
  }
  if (typeof metadata.default_filters === 'string') {
    try {
      out.default_filters = JSON.stringify(mapKeys(m, JSON.parse(metadata.default_filters)));
    } catch {
      // Unparseable legacy value: keep it as it was rather than lose it.
    }
  }
  return out;
}
