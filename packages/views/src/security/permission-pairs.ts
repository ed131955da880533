import type { ApiClient } from '@lumen-bi/core';

/** One permission pair: a permission on a view (resource), e.g. can_read on Chart. */
export interface PermissionPair {
  id: number;
  permission: string;
  view: string;
}

interface PairsPage {
  count: number;
  result: { id: number; permission: { name: string }; view_menu: { name: string } }[];
}

/** The server's largest page of /permissions-resources/. */
const PAGE_SIZE = 100;
const PAIRS_PATH = '/api/v1/security/permissions-resources/';

const pageOf = (client: ApiClient, page: number) =>
  client.get<PairsPage>(PAIRS_PATH, { rison: { page, page_size: PAGE_SIZE, order_column: 'id', order_direction: 'asc' } });

/**
 * Every permission pair. The server pages by 100 and a deployment may hold hundreds of datasource_access
 * pairs, so the first page tells the count and the rest are fetched in parallel.
 */
export async function loadAllPairs(client: ApiClient): Promise<PermissionPair[]> {
  const first = (await pageOf(client, 0)).json;
  const pages = Math.ceil((first.count ?? 0) / PAGE_SIZE);
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => pageOf(client, i + 1)));
  return [first, ...rest.map((r) => r.json)].flatMap((p) => p.result.map((r) => ({ id: r.id, permission: r.permission.name, view: r.view_menu.name })));
}
