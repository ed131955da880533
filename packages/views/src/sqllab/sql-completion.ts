import type { Completion, CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import { keywordCompletionSource, schemaCompletionSource, type SQLDialect } from '@codemirror/lang-sql';
import type { CompletionNamespace } from './schema-cache';

/**
 * What SQL Lab's editor completes, in this order when several match equally well: the selected schema's
 * tables, then the columns of the tables the SQL mentions, then other schemas, then keywords. CodeMirror
 * sorts by match quality and then by `boost`, so the boost carries the order. (lang-sql alone ranks a
 * keyword such as ORDER level with the table `orders`, and completes columns only after `table.`.)
 */
export const COMPLETION_BOOST = { table: 30, column: 20, schema: 10 } as const;

const IDENTIFIER_BEFORE_CURSOR = /[\w$]*$/;

/** lang-sql's schema completions (tables, schemas, `table.column`), boosted by what each one is. */
function rankedSchemaSource(dialect: SQLDialect, namespace: CompletionNamespace, defaultSchema: string | null): CompletionSource {
  const tables = new Set(Object.keys(namespace[defaultSchema ?? ''] ?? {}));
  const source = schemaCompletionSource({ dialect, schema: namespace, ...(defaultSchema ? { defaultSchema } : {}) });
  const boostOf = (option: Completion): number => {
    if (option.type === 'property') return COMPLETION_BOOST.column;
    return tables.has(option.label) ? COMPLETION_BOOST.table : COMPLETION_BOOST.schema;
  };
  return async (context) => {
    const result = (await source(context)) as CompletionResult | null;
    return result && { ...result, options: result.options.map((option) => ({ ...option, boost: boostOf(option) })) };
  };
}

/** Unqualified column names of the selected schema's tables whose columns are known (the SQL mentions them). */
function columnSource(namespace: CompletionNamespace, defaultSchema: string | null): CompletionSource {
  const byColumn = new Map<string, string[]>();
  for (const [table, columns] of Object.entries(namespace[defaultSchema ?? ''] ?? {})) {
    for (const column of columns) byColumn.set(column, [...(byColumn.get(column) ?? []), table]);
  }
  const options: Completion[] = [...byColumn].map(([label, tables]) => ({ label, type: 'property', detail: tables.join(', '), boost: COMPLETION_BOOST.column }));
  return (context: CompletionContext) => {
    const word = context.matchBefore(IDENTIFIER_BEFORE_CURSOR);
    if (!word || options.length === 0) return null;
    // After `table.` lang-sql's schema source answers with that table's own columns.
    if (context.state.sliceDoc(word.from - 1, word.from) === '.') return null;
    if (word.from === word.to && !context.explicit) return null;
    return { from: word.from, options, validFor: /^[\w$]*$/ };
  };
}

/**
 * The completion sources of the editor for one database, schema and dialect.
 *
 * @example
 * autocompletion({ override: sqlCompletionSources(PostgreSQL, { public: { orders: ['id'] } }, 'public') });
 */
export function sqlCompletionSources(dialect: SQLDialect, namespace: CompletionNamespace, defaultSchema: string | null): CompletionSource[] {
  return [rankedSchemaSource(dialect, namespace, defaultSchema), columnSource(namespace, defaultSchema), keywordCompletionSource(dialect, true)];
}
