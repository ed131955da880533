/**
 * Ids inside dashboard documents. Ids differ between installations, so an export names charts and datasets
 * by uuid (a CHART layout node gets `meta.uuid`, a native filter target gets `datasetUuid` instead of
 * `datasetId`) and an import turns them back into local ids. Chart ids elsewhere in json_metadata (scopes,
 * cross-filter configuration, ...) stay as the exporting side's ids and are remapped through the layout's
 * uuid -> old id pairs, which is how the incumbent's update_id_refs works.
 */
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const clone = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

function chartNodes(position: unknown): Json[] {
  if (!isObject(position)) return [];
  return Object.values(position).filter((node): node is Json => isObject(node) && node.type === 'CHART' && isObject(node.meta));
}

/** Chart uuids named by the layout of an exported dashboard. */
export function chartUuidsInPosition(position: unknown): string[] {
  return [...new Set(chartNodes(position).map((node) => (node.meta as Json).uuid).filter((uuid): uuid is string => typeof uuid === 'string'))];
}

/** Chart ids named by a stored layout. */
export function chartIdsInLayout(position: unknown): number[] {
  return [...new Set(chartNodes(position).map((node) => (node.meta as Json).chartId).filter((id): id is number => typeof id === 'number'))];
}

/** Dataset uuids named by the native filters of exported dashboard metadata. */
export function datasetUuidsInMetadata(metadata: unknown): string[] {
  const out = new Set<string>();
  for (const filter of nativeFilters(metadata)) {
    for (const target of targetsOf(filter)) if (typeof target.datasetUuid === 'string') out.add(target.datasetUuid);
  }
  return [...out];
}

/** Dataset ids named by the native filters of stored dashboard metadata. */
export function datasetIdsInMetadata(metadata: unknown): number[] {
  const out = new Set<number>();
  for (const filter of nativeFilters(metadata)) {
    for (const target of targetsOf(filter)) if (typeof target.datasetId === 'number') out.add(target.datasetId);
  }
  return [...out];
}

function nativeFilters(metadata: unknown): Json[] {
  if (!isObject(metadata) || !Array.isArray(metadata.native_filter_configuration)) return [];
  return metadata.native_filter_configuration.filter(isObject);
}
const targetsOf = (filter: Json): Json[] => (Array.isArray(filter.targets) ? filter.targets.filter(isObject) : []);

/** Layout for export: every CHART node also carries its chart's uuid. */
export function positionForExport(position: unknown, chartUuids: Map<number, string>): unknown {
  const out = clone(position);
  for (const node of chartNodes(out)) {
    const meta = node.meta as Json;
    const uuid = typeof meta.chartId === 'number' ? chartUuids.get(meta.chartId) : undefined;
    if (uuid) meta.uuid = uuid;
    else {
      // The chart was deleted after it was placed: export the slot without a reference (the incumbent shows
      // such slots as 'no chart definition'), so the bundle does not name a chart it does not contain.
      delete meta.uuid;
      delete meta.chartId;
    }
  }
  return out;
}

/** Metadata for export: native filter targets name datasets by uuid. */
export function metadataForExport(metadata: unknown, datasetUuids: Map<number, string>): unknown {
  const out = clone(metadata);
  for (const filter of nativeFilters(out)) {
    for (const target of targetsOf(filter)) {
      if (typeof target.datasetId !== 'number') continue;
      const uuid = datasetUuids.get(target.datasetId);
      delete target.datasetId;
      if (uuid) target.datasetUuid = uuid;
    }
  }
  return out;
}

/** Layout for import: `meta.chartId` from the local id of `meta.uuid`. */
export function positionForImport(position: unknown, chartIds: Map<string, number>): unknown {
  const out = clone(position);
  for (const node of chartNodes(out)) {
    const meta = node.meta as Json;
    const id = typeof meta.uuid === 'string' ? chartIds.get(meta.uuid) : undefined;
    // An id from another instance must never point at an unrelated local chart.
    if (id !== undefined) meta.chartId = id;
    else delete meta.chartId;
  }
  return out;
}

/** Exporting side's chart id -> local chart id, from the layout's uuid/chartId pairs. */
export function chartIdMap(position: unknown, chartIds: Map<string, number>): Map<number, number> {
  const map = new Map<number, number>();
  for (const node of chartNodes(position)) {
    const meta = node.meta as Json;
    const local = typeof meta.uuid === 'string' ? chartIds.get(meta.uuid) : undefined;
    if (typeof meta.chartId === 'number' && local !== undefined) map.set(meta.chartId, local);
  }
  return map;
}

const mapIds = (value: unknown, ids: Map<number, number>): unknown =>
  Array.isArray(value) ? value.filter((id) => typeof id === 'number' && ids.has(id)).map((id) => ids.get(id as number)) : value;

function mapKeys(value: unknown, ids: Map<number, number>, each?: (inner: unknown) => unknown): unknown {
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [key, inner] of Object.entries(value)) {
    const local = /^\d+$/.test(key) ? ids.get(Number(key)) : undefined;
    if (/^\d+$/.test(key) && local === undefined) continue;
    out[local === undefined ? key : String(local)] = each ? each(inner) : inner;
  }
  return out;
}

function mapScope(scope: unknown, ids: Map<number, number>): unknown {
  if (!isObject(scope)) return scope;
  return { ...scope, ...(Array.isArray(scope.excluded) ? { excluded: mapIds(scope.excluded, ids) } : {}) };
}

/**
 * Metadata for import: chart ids through `ids`, native filter `datasetUuid` -> `datasetId`.
 *
 * @example
 * metadataForImport(config.metadata, chartIdMap(config.position, chartIds), datasetIds)
 */
export function metadataForImport(metadata: unknown, ids: Map<number, number>, datasetIds: Map<string, number>): Json {
  const out = (clone(metadata) ?? {}) as Json;
  if (!isObject(out)) return {};
  if (Array.isArray(out.timed_refresh_immune_slices)) out.timed_refresh_immune_slices = mapIds(out.timed_refresh_immune_slices, ids);
  if (isObject(out.expanded_slices)) out.expanded_slices = mapKeys(out.expanded_slices, ids);
  if (isObject(out.filter_scopes)) {
    out.filter_scopes = mapKeys(out.filter_scopes, ids, (columns) =>
      isObject(columns)
        ? Object.fromEntries(Object.entries(columns).map(([column, scope]) => [column, isObject(scope) ? { ...scope, immune: mapIds(scope.immune, ids) } : scope]))
        : columns,
    );
  }
  if (typeof out.default_filters === 'string') {
    try {
      out.default_filters = JSON.stringify(mapKeys(JSON.parse(out.default_filters), ids));
    } catch {
      // not JSON: left as the exporting side wrote it
    }
  }
  for (const filter of nativeFilters(out)) {
    for (const target of targetsOf(filter)) {
      if (typeof target.datasetUuid !== 'string') continue;
      const id = datasetIds.get(target.datasetUuid);
      delete target.datasetUuid;
      if (id !== undefined) target.datasetId = id;
    }
    if (isObject(filter.scope)) filter.scope = mapScope(filter.scope, ids);
    if (Array.isArray(filter.chartsInScope)) filter.chartsInScope = mapIds(filter.chartsInScope, ids);
  }
  if (isObject(out.chart_configuration)) {
    out.chart_configuration = mapKeys(out.chart_configuration, ids, (entry) => {
      if (!isObject(entry)) return entry;
      const next: Json = { ...entry };
      if (typeof next.id === 'number') next.id = ids.get(next.id) ?? next.id;
      if (isObject(next.crossFilters)) {
        const cross = { ...next.crossFilters };
        if (Array.isArray(cross.chartsInScope)) cross.chartsInScope = mapIds(cross.chartsInScope, ids);
        if (isObject(cross.scope)) cross.scope = mapScope(cross.scope, ids);
        next.crossFilters = cross;
      }
      return next;
    });
  }
  if (isObject(out.global_chart_configuration)) {
    const global = { ...out.global_chart_configuration };
    if (Array.isArray(global.chartsInScope)) global.chartsInScope = mapIds(global.chartsInScope, ids);
    if (isObject(global.scope)) global.scope = mapScope(global.scope, ids);
    out.global_chart_configuration = global;
  }
  return out;
}
