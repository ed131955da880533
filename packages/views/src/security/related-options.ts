import { SELECT_PAGE_SIZE, type ApiClient } from '@lumen-bi/core';
import type { LoadSelectOptions } from '../components/select';

/**
 * A server-side option source over a `related/{column}` endpoint (`{count, result: [{value, text}]}`),
 * searching by the server's `filter`.
 *
 * @example
 * relatedOptions(client, '/api/v1/rowlevelsecurity/related/tables');
 */
export function relatedOptions(client: ApiClient, path: string): LoadSelectOptions {
  return async (search, page) => {
    const { json } = await client.get<{ count?: number; result: { value: number; text: string }[] }>(path, {
      rison: { ...(search ? { filter: search } : {}), page, page_size: SELECT_PAGE_SIZE },
    });
    return { options: json.result.map((r) => ({ value: r.value, label: r.text })), total: json.count ?? json.result.length };
  };
}
