import { encodeRison } from '../rison';
import type { TestApp } from '../testing/harness';

/** Small request helpers shared by the resource tests (not part of the server's runtime). */
export function client(t: TestApp) {
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, as: string | null, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: as ? t.headers(as) : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as Record<string, any>) : {} };
  };
  return {
    get: (url: string, as: string | null = 'admin') => call('GET', url, as),
    post: (url: string, payload: unknown, as: string | null = 'admin') => call('POST', url, as, payload),
    put: (url: string, payload: unknown, as: string | null = 'admin') => call('PUT', url, as, payload),
    del: (url: string, as: string | null = 'admin') => call('DELETE', url, as),
  };
}

export const q = (value: unknown) => `q=${encodeURIComponent(encodeRison(value))}`;

/** A database and a virtual dataset to hang charts on. */
export async function seedDataset(t: TestApp): Promise<{ databaseId: number; datasetId: number }> {
  const api = client(t);
  const database = await api.post('/api/v1/database/', { database_name: `db_${Math.random().toString(36).slice(2, 8)}`, sqlalchemy_uri: 'sqlite:///:memory:' });
  if (database.status !== 201) throw new Error(`seed database: ${JSON.stringify(database.body)}`);
  const dataset = await api.post('/api/v1/dataset/', { database: database.body.id, table_name: `v_${Math.random().toString(36).slice(2, 8)}`, sql: 'SELECT 1 AS a' });
  if (dataset.status !== 201) throw new Error(`seed dataset: ${JSON.stringify(dataset.body)}`);
  return { databaseId: database.body.id, datasetId: dataset.body.id };
}
