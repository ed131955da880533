import { signal } from '@preact/signals-react';
import type { SqlLabApi } from './sqllab-api';

/**
 * Schema names, table names and columns of the selected database for autocomplete, fetched from /schemas,
 * /tables and /table_metadata once per key and kept for the view's lifetime: typing must never wait on
 * the network. Columns are fetched only for tables the SQL mentions (fetching every table's metadata would
 * cost one request per table).
 */
export interface CompletionTable {
  name: string;
  type: string;
  columns: { name: string; type: string | null }[] | null;
}

/** Nested namespace in the shape @codemirror/lang-sql takes: schema -> table -> columns. */
export type CompletionNamespace = Record<string, Record<string, string[]>>;

const key = (...parts: (string | number | null)[]) => parts.map((p) => p ?? '').join('\u0000');

export function createSchemaCache(api: SqlLabApi) {
  const schemas = new Map<string, Promise<string[]>>();
  const tables = new Map<string, Promise<{ value: string; type: string }[]>>();
  const columns = new Map<string, Promise<{ name: string; type: string | null }[]>>();
  const resolvedColumns = new Map<string, { name: string; type: string | null }[]>();
  const resolvedTables = new Map<string, { value: string; type: string }[]>();
  /** Bumped whenever something new arrives, so the editor rebuilds its completion source. */
  const version = signal(0);
  const bump = () => (version.value += 1);

  const once = <T>(map: Map<string, Promise<T>>, k: string, load: () => Promise<T>): Promise<T> => {
    let value = map.get(k);
    if (!value) {
      value = load();
      // A failure is forgotten so the next request tries again.
      value.catch(() => map.delete(k));
      map.set(k, value);
    }
    return value;
  };

  const getSchemas = (dbId: number, catalog: string | null) => once(schemas, key(dbId, catalog), () => api.schemas(dbId, catalog));

  const getTables = (dbId: number, catalog: string | null, schema: string | null) => {
    const k = key(dbId, catalog, schema);
    return once(tables, k, async () => {
      const list = await api.tables(dbId, schema, catalog);
      resolvedTables.set(k, list);
      bump();
      return list;
    });
  };

  const getColumns = (dbId: number, catalog: string | null, schema: string | null, table: string) => {
    const k = key(dbId, catalog, schema, table);
    return once(columns, k, async () => {
      const meta = await api.tableMetadata(dbId, table, schema, catalog);
      const cols = meta.columns.map((c) => ({ name: c.name, type: c.type }));
      resolvedColumns.set(k, cols);
      bump();
      return cols;
    });
  };

  /** Fetches columns of the known tables whose names occur in the SQL (whole words, any case). */
  const loadColumnsFor = (dbId: number, catalog: string | null, schema: string | null, sql: string) => {
    const list = resolvedTables.get(key(dbId, catalog, schema)) ?? [];
    const words = new Set(sql.toLowerCase().match(/[a-z_][a-z0-9_$]*/g) ?? []);
    for (const t of list) if (words.has(t.value.toLowerCase())) void getColumns(dbId, catalog, schema, t.value).catch(() => undefined);
  };

  /** What the editor completes: tables of the selected schema with their known columns, under the schema name. */
  const namespace = (dbId: number, catalog: string | null, schema: string | null, schemaNames: readonly string[]): CompletionNamespace => {
    const out: CompletionNamespace = {};
    for (const name of schemaNames) out[name] = {};
    const list = resolvedTables.get(key(dbId, catalog, schema)) ?? [];
    const tablesOf: Record<string, string[]> = {};
    for (const t of list) tablesOf[t.value] = (resolvedColumns.get(key(dbId, catalog, schema, t.value)) ?? []).map((c) => c.name);
    out[schema ?? ''] = tablesOf;
    return out;
  };

  return { version, getSchemas, getTables, getColumns, loadColumnsFor, namespace, tablesOf: (dbId: number, catalog: string | null, schema: string | null) => resolvedTables.get(key(dbId, catalog, schema)) ?? [] };
}

export type SchemaCache = ReturnType<typeof createSchemaCache>;
