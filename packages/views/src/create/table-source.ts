import type { ApiClient } from '@lumen-bi/core';

/** A database a dataset can be made on. */
export interface DatabaseChoice {
  id: number;
  database_name: string;
}

/** A column of a table's preview. */
export interface PreviewColumn {
  name: string;
  type: string | null;
}

/** Databases by name (GET /api/v1/database/). */
export async function fetchDatabases(client: ApiClient): Promise<DatabaseChoice[]> {
  const { json } = await client.get<{ result: DatabaseChoice[] }>('/api/v1/database/', {
    rison: { columns: ['id', 'database_name'], order_column: 'database_name', order_direction: 'asc', page: 0, page_size: 100 },
  });
  return json.result;
}

/** The schemas of a database (GET /api/v1/database/{id}/schemas/). */
export async function fetchSchemas(client: ApiClient, databaseId: number): Promise<string[]> {
  const { json } = await client.get<{ result: string[] }>(`/api/v1/database/${databaseId}/schemas/`);
  return json.result;
}

/** Table and view names of a schema (GET /api/v1/database/{id}/tables/); entries are `{value}` or names. */
export async function fetchTables(client: ApiClient, databaseId: number, schema: string): Promise<string[]> {
  const { json } = await client.get<{ result: (string | { value: string })[] }>(`/api/v1/database/${databaseId}/tables/`, { rison: { schema_name: schema } });
  return json.result.map((entry) => (typeof entry === 'string' ? entry : entry.value));
}

/** The columns of a table (GET /api/v1/database/{id}/table_metadata/). */
export async function fetchColumns(client: ApiClient, databaseId: number, schema: string, table: string): Promise<PreviewColumn[]> {
  const { json } = await client.get<{ columns: { name: string; type?: string | null }[] }>(`/api/v1/database/${databaseId}/table_metadata/`, { query: { name: table, schema } });
  return json.columns.map((column) => ({ name: column.name, type: column.type ?? null }));
}

/** Creates a physical dataset on the table and answers its id (POST /api/v1/dataset/). */
export async function createDataset(client: ApiClient, databaseId: number, schema: string, table: string): Promise<number> {
  const { json } = await client.post<{ id: number }>('/api/v1/dataset/', { database: databaseId, schema, table_name: table });
  return json.id;
}
