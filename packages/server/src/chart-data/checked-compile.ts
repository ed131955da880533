import { type CompiledQuery, compileQuery, type CompileOptions } from './compile-query';
import { assertFragmentText, checkFragments, type FragmentKind } from './sql-fragment';

/**
 * compileQuery with every user-written fragment checked by the engine's parser first. Two passes keep
 * compileQuery synchronous and the list of fragments in one place: the first pass only records which
 * fragments the query uses, the parsers check them (asynchronously: DuckDB's parser is a query), and the
 * second pass splices the checked SQL. A fragment the second pass asks for that the first did not record
 * fails closed.
 */
export async function compileCheckedQuery(options: Omit<CompileOptions, 'fragment'>): Promise<CompiledQuery> {
  const requests: { text: string; kind: FragmentKind }[] = [];
  compileQuery({
    ...options,
    fragment: (fragment, kind) => {
      requests.push({ text: assertFragmentText(fragment, kind), kind });
      return 'NULL';
    },
  });
  const fragment = await checkFragments(options.spec.engine, options.dataset, requests);
  return compileQuery({ ...options, fragment });
}
