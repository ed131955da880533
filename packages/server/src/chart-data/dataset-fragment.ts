import type { AppContext } from '../context';
import { getEngineSpec } from '../engines';
import type { FragmentKind } from '../sql-parsing/expression-policy';
import { loadDatasetModel } from './dataset-model';
import { checkExpression } from '../sql-parsing/expression-guard';
import { assertFragmentText, checkFragments } from './sql-fragment';

/**
 * Checks one fragment against a dataset's engine and columns outside a query (an RLS clause when a guest
 * token or a rule is saved), so a clause that could never run is refused where it is written, not on every
 * chart afterwards. Returns the trimmed text as written.
 */
export async function checkDatasetFragment(ctx: Pick<AppContext, 'store'>, datasetId: number, fragment: unknown, kind: FragmentKind): Promise<string> {
  const text = assertFragmentText(fragment, kind);
  const dataset = await loadDatasetModel(ctx, datasetId);
  const database = await ctx.store.db.selectFrom('dbs').select('backend').where('id', '=', dataset.database_id).executeTakeFirstOrThrow();
  await checkFragments(getEngineSpec(database.backend).engine, dataset, [{ text, kind }]);
  return text;
}

/**
 * Checks a fragment meant for every dataset (a guest-token RLS clause without a dataset) with the parser of
 * every engine Lumen has a database on, columns aside: each query checks it again with its own dataset.
 */
export async function checkFragmentForEveryEngine(ctx: Pick<AppContext, 'store'>, fragment: unknown, kind: FragmentKind): Promise<string> {
  const text = assertFragmentText(fragment, kind);
  const backends = await ctx.store.db.selectFrom('dbs').select('backend').distinct().execute();
  const engines = new Set(backends.map((b) => getEngineSpec(b.backend).engine));
  for (const engine of engines) await checkExpression(engine, text, { kind, columns: 'any' });
  return text;
}
