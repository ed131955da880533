import type { ApiClient } from '@lumen-bi/core';

/**
 * What /request_access/ asks for (security-api/access-requests.ts): the dataset or database an access error
 * named, the permission pair an admin would grant, and whether the user already holds it.
 */
export interface AccessTarget {
  kind: 'dataset' | 'database';
  id: number;
  name: string;
  database_name: string;
  permission: string;
  has_access: boolean;
}

export type TargetParams = { datasource_id: number } | { database_id: number };

const PATH = '/api/v1/security/request_access/';

/** The target named by the page's address (?datasource_id=N or ?database_id=N), or null when it names none. */
export function targetFromSearch(search: string): TargetParams | null {
  const params = new URLSearchParams(search);
  const id = (name: string) => {
    const value = params.get(name);
    return value !== null && /^\d+$/.test(value) ? Number(value) : null;
  };
  const dataset = id('datasource_id');
  if (dataset !== null) return { datasource_id: dataset };
  const database = id('database_id');
  return database !== null ? { database_id: database } : null;
}

const query = (target: TargetParams) => ('datasource_id' in target ? `datasource_id=${target.datasource_id}` : `database_id=${target.database_id}`);

export const fetchAccessTarget = async (client: ApiClient, target: TargetParams, signal?: AbortSignal) =>
  (await client.get<{ result: AccessTarget }>(`${PATH}?${query(target)}`, { signal })).json.result;

export const sendAccessRequest = async (client: ApiClient, target: TargetParams, message: string) =>
  (await client.post<{ result: { permission: string; admins_emailed: number } }>(PATH, { ...target, message })).json.result;
