import { CompletionContext, type Completion, type CompletionResult } from '@codemirror/autocomplete';
import { PostgreSQL, sql } from '@codemirror/lang-sql';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { COMPLETION_BOOST, sqlCompletionSources } from './sql-completion';

const NAMESPACE = { public: { orders: ['order_id', 'ordered_at', 'amount'], customers: ['id', 'name'] }, analytics: {} };

/** Every option the sources offer at the end of `doc`, highest boost first (CodeMirror's order for equal matches). */
async function complete(doc: string, explicit = false): Promise<Completion[]> {
  const state = EditorState.create({ doc, extensions: [sql({ dialect: PostgreSQL })] });
  const context = new CompletionContext(state, doc.length, explicit);
  const results = await Promise.all(sqlCompletionSources(PostgreSQL, NAMESPACE, 'public').map((source) => source(context)));
  const options = results.filter((r): r is CompletionResult => r !== null).flatMap((r) => r.options);
  return options.sort((a, b) => (b.boost ?? 0) - (a.boost ?? 0));
}

const labelsStartingWith = (options: Completion[], prefix: string) => options.filter((o) => o.label.toLowerCase().startsWith(prefix)).map((o) => o.label);

describe('SQL Lab completion order', () => {
  it('offers the selected schema’s tables before keywords that match as well', async () => {
    const labels = labelsStartingWith(await complete('SELECT * FROM ord'), 'ord');
    expect(labels[0]).toBe('orders');
    expect(labels).toContain('ORDER');
    expect(labels.indexOf('orders')).toBeLessThan(labels.indexOf('ORDER'));
  });

  it('offers the columns of known tables unqualified, after tables and before keywords', async () => {
    const options = await complete('SELECT ord');
    const labels = labelsStartingWith(options, 'ord');
    expect(labels.slice(0, 3)).toEqual(['orders', 'order_id', 'ordered_at']);
    expect(labels.indexOf('ordered_at')).toBeLessThan(labels.indexOf('ORDER'));
    expect(options.find((o) => o.label === 'order_id')).toMatchObject({ type: 'property', detail: 'orders', boost: COMPLETION_BOOST.column });
  });

  it('completes a table’s own columns after `table.` and nothing else', async () => {
    const options = await complete('SELECT customers.');
    expect(options.map((o) => o.label).sort()).toEqual(['id', 'name']);
  });

  it('ranks other schemas below the selected schema’s tables', async () => {
    const options = await complete('SELECT * FROM a', true);
    expect(options.find((o) => o.label === 'analytics')?.boost).toBe(COMPLETION_BOOST.schema);
    expect(options.find((o) => o.label === 'orders')?.boost).toBe(COMPLETION_BOOST.table);
  });
});
