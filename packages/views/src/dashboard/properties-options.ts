/**
 * Choices of the properties modal's pickers (spec 2 §5): owners and roles from the dashboard's related
 * endpoints (which add the already chosen ids even when they are past the first page), tags from the tag
 * list. Searching and paging happen on the server, in pages of 100 (the select page size), so every user,
 * role and tag can be found however many there are.
 */
import { SELECT_PAGE_SIZE, type ApiClient } from '@lumen-bi/core';
import type { SelectPage } from '../components/select';
import type { SelectOption } from '../components/select-values';

interface RelatedAnswer {
  count?: number;
  result: { value: number; text: string; extra?: { email?: string } }[];
}

const relatedOptions = (json: RelatedAnswer): SelectOption[] => {
  const seen = new Set<number>();
  return json.result.filter((r) => !seen.has(r.value) && seen.add(r.value)).map((r) => ({ value: r.value, label: r.text || `#${r.value}` }));
};

/**
 * One page of GET /api/v1/dashboard/related/{owners|roles} matching `search` (the server's `filter`, a
 * case-insensitive substring of the name). Chosen ids are asked for only on the unfiltered first page:
 * the server prepends them regardless of the filter, which would list non-matching rows and overstate
 * how much has been loaded against `count`.
 *
 * @example
 * await loadRelatedPage(api, 'owners', 'bob', 0, [1]); // { options: [{ value: 2, label: 'Bob Builder' }], total: 1 }
 */
export async function loadRelatedPage(api: ApiClient, column: 'owners' | 'roles', search: string, page: number, includeIds: readonly number[] = []): Promise<SelectPage> {
  const withIds = page === 0 && !search && includeIds.length > 0;
  const { json } = await api.get<RelatedAnswer>(`/api/v1/dashboard/related/${column}`, {
    rison: { ...(search ? { filter: search } : {}), page, page_size: SELECT_PAGE_SIZE, ...(withIds ? { include_ids: [...includeIds] } : {}) },
  });
  const options = relatedOptions(json);
  return { options, total: json.count ?? options.length };
}

/**
 * One page of custom tags (GET /api/v1/tag/) whose name contains `search` (the list's `ct` filter), as
 * options whose values are tag ids, as PUT /dashboard expects.
 */
export async function loadDashboardTagPage(api: ApiClient, search: string, page: number): Promise<SelectPage> {
  const filters = [{ col: 'type', opr: 'custom_tag', value: true }, ...(search ? [{ col: 'name', opr: 'ct', value: search }] : [])];
  const { json } = await api.get<{ count?: number; result: { id: number; name: string }[] }>('/api/v1/tag/', {
    rison: { filters, order_column: 'name', order_direction: 'asc', page, page_size: SELECT_PAGE_SIZE },
  });
  const options = json.result.map((tag) => ({ value: tag.id, label: tag.name }));
  return { options, total: json.count ?? options.length };
}
