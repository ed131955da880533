import type { AppContext } from '../context';
import { badRequest, forbidden } from '../errors';
import { annotationEpochMs } from '../resources/annotation-datetime';
import { type CurrentUser, hasPermission } from '../security/current-user';
import { ANNOTATION_VIEW } from '../security/roles';

/**
 * NATIVE annotation layers (sourceType 'NATIVE', value = an annotation_layer id), answered as the incumbent's
 * get_native_annotation_data: annotation_data[layer name] = {columns, records}, one record per annotation of
 * the layer with the five columns below, all of the layer's annotations (the incumbent does not narrow them
 * to the query's time range; the chart draws what falls on its axis). Times are epoch milliseconds, as every
 * temporal value of a chart-data answer (the incumbent serialises its datetimes with json_int_dttm_ser).
 */
export const NATIVE_ANNOTATION_COLUMNS = ['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata'] as const;

export interface NativeAnnotationRecord {
  start_dttm: number | null;
  end_dttm: number | null;
  short_descr: string | null;
  long_descr: string | null;
  json_metadata: string | null;
}

export interface NativeAnnotationData {
  columns: readonly string[];
  records: NativeAnnotationRecord[];
}

export interface NativeLayer {
  name: string;
  layerId: number;
}

/** The shown NATIVE layers of a query's annotation_layers; a bad name or id is a 400 naming the layer. */
export function nativeLayers(layers: Record<string, unknown>[]): NativeLayer[] {
  const result: NativeLayer[] = [];
  layers.forEach((layer, i) => {
    if (layer.show === false || layer.sourceType !== 'NATIVE') return;
    if (typeof layer.name !== 'string' || !layer.name) throw badRequest(`annotation_layers[${i}].name must be a non-empty string`);
    const layerId = typeof layer.value === 'string' && /^\d+$/.test(layer.value) ? Number(layer.value) : layer.value;
    if (typeof layerId !== 'number' || !Number.isInteger(layerId) || layerId < 1) {
      throw badRequest(`annotation_layers[${i}] ('${layer.name}'): value must be the id of an annotation layer, got ${JSON.stringify(layer.value) ?? 'nothing'}`);
    }
    result.push({ name: layer.name, layerId });
  });
  return result;
}

/**
 * The annotation_data of the NATIVE layers, read in one query for all of them. Signed-in users need
 * can_read on Annotation (the layers' own API asks the same); a guest reaches here only with layers the
 * saved chart names (embedding/guest-payload.ts). An id with no layer answers 400 naming it.
 */
export async function loadNativeAnnotations(ctx: Pick<AppContext, 'store'>, user: CurrentUser, layers: NativeLayer[]): Promise<Record<string, NativeAnnotationData>> {
  if (!layers.length) return {};
  if (!user.guest && !hasPermission(user, 'can_read', ANNOTATION_VIEW)) throw forbidden('You do not have permission to read annotation layers');
  const ids = [...new Set(layers.map((l) => l.layerId))];
  const rows = await ctx.store.db
    .selectFrom('annotation_layer as l')
    .leftJoin('annotation as a', 'a.layer_id', 'l.id')
    .select(['l.id as layer_id', 'a.id', 'a.start_dttm', 'a.end_dttm', 'a.short_descr', 'a.long_descr', 'a.json_metadata'])
    .where('l.id', 'in', ids)
    .orderBy('a.start_dttm')
    .orderBy('a.id')
    .execute();
  const byLayer = new Map<number, NativeAnnotationRecord[]>();
  for (const row of rows) {
    const records = byLayer.get(row.layer_id) ?? [];
    byLayer.set(row.layer_id, records);
    // A layer without annotations comes back once, with the annotation's columns null.
    if (row.id === null) continue;
    records.push({
      start_dttm: annotationEpochMs(row.start_dttm),
      end_dttm: annotationEpochMs(row.end_dttm),
      short_descr: row.short_descr,
      long_descr: row.long_descr,
      json_metadata: row.json_metadata,
    });
  }
  const missing = layers.filter((l) => !byLayer.has(l.layerId));
  if (missing.length) throw badRequest(`Annotation layer ${missing.map((l) => `${l.layerId} ('${l.name}')`).join(', ')} does not exist`);
  const data: Record<string, NativeAnnotationData> = {};
  for (const layer of layers) data[layer.name] = { columns: NATIVE_ANNOTATION_COLUMNS, records: byLayer.get(layer.layerId)! };
  return data;
}
