/**
 * deck_multi charts name the charts they layer by id (params.deck_slices), and ids differ between
 * installations. A bundle's charts carry the exporting side's id in params.slice_id, so an import maps
 * each layered id: exporting id -> chart uuid (in the same bundle) -> this installation's id. Ids of
 * charts the bundle does not hold are left as they are (a chart that is not there draws as a named
 * 'no such chart' layer, never a crash).
 */
import type { AnyTrx } from '../resources/definition';
import type { Config } from './bundle-contents';

type Json = Record<string, unknown>;

const paramsOf = (config: Config): Json => {
  const params = config.params as unknown;
  if (params && typeof params === 'object' && !Array.isArray(params)) return params as Json;
  try {
    return typeof params === 'string' ? (JSON.parse(params || '{}') as Json) : {};
  } catch {
    return {};
  }
};

/**
 * The deck_slices of `params` in this installation's ids.
 *
 * @example
 * localDeckSlices({ deck_slices: [67, 73] }, new Map([[67, 'u1']]), new Map([['u1', 301]])); // [301, 73]
 */
export function localDeckSlices(params: Json, uuidByBundleId: ReadonlyMap<number, string>, localIdByUuid: ReadonlyMap<string, number>): unknown[] {
  const list = Array.isArray(params.deck_slices) ? params.deck_slices : [];
  return list.map((value) => {
    const uuid = uuidByBundleId.get(Number(value));
    const local = uuid === undefined ? undefined : localIdByUuid.get(uuid);
    return local ?? value;
  });
}

/**
 * Rewrites the deck_slices of the written deck_multi charts once every chart of the bundle has its id.
 *
 * @example
 * await remapDeckSlices(trx, plan.items.chart, ids.chart);
 */
export async function remapDeckSlices(trx: AnyTrx, charts: ReadonlyArray<{ config: Config; write: boolean }>, localIdByUuid: ReadonlyMap<string, number>): Promise<void> {
  const uuidByBundleId = new Map<number, string>();
  for (const { config } of charts) {
    const id = Number(paramsOf(config).slice_id);
    if (Number.isInteger(id) && typeof config.uuid === 'string') uuidByBundleId.set(id, config.uuid);
  }
  for (const { config, write } of charts) {
    if (!write || config.viz_type !== 'deck_multi') continue;
    const localId = localIdByUuid.get(String(config.uuid));
    if (localId === undefined) continue;
    const row = await trx.selectFrom('slices').select('params').where('id', '=', localId).executeTakeFirst();
    const params = JSON.parse((row?.params as string | null) ?? '{}') as Json;
    params.deck_slices = localDeckSlices(paramsOf(config), uuidByBundleId, localIdByUuid);
    await trx.updateTable('slices').set({ params: JSON.stringify(params) }).where('id', '=', localId).execute();
  }
}
