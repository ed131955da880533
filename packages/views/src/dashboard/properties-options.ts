/**
 * Choices of the properties modal's pickers (spec 2 §5): owners and roles from the dashboard's related
 * endpoints (which add the already chosen ids even when they are past the first page), tags from the tag
 * list. The first page (100, the select page size) is searched in the picker.
 */
import { SELECT_PAGE_SIZE, type ApiClient } from '@lumen-bi/core';
import type { SelectOption } from '../components/select-values';

interface RelatedAnswer {
  result: { value: number; text: string; extra?: { email?: string } }[];
}

/**
 * GET /api/v1/dashboard/related/{owners|roles}: users (label "First Last", email in brackets when there
 * are namesakes is left to the server's text) or roles, as picker options with numeric ids.
 *
 * @example
 * await loadRelatedOptions(api, 'owners', [1]); // [{ value: 1, label: 'Ada Admin' }, ...]
 */
export async function loadRelatedOptions(api: ApiClient, column: 'owners' | 'roles', includeIds: readonly number[] = []): Promise<SelectOption[]> {
  const { json } = await api.get<RelatedAnswer>(`/api/v1/dashboard/related/${column}`, {
    rison: { page: 0, page_size: SELECT_PAGE_SIZE, ...(includeIds.length ? { include_ids: [...includeIds] } : {}) },
  });
  const seen = new Set<number>();
  return json.result
    .filter((r) => !seen.has(r.value) && seen.add(r.value))
    .map((r) => ({ value: r.value, label: r.text || `#${r.value}` }));
}

/** GET /api/v1/tag/ (custom tags, by name): options whose values are tag ids, as PUT /dashboard expects. */
export async function loadDashboardTagOptions(api: ApiClient): Promise<SelectOption[]> {
  const { json } = await api.get<{ result: { id: number; name: string }[] }>('/api/v1/tag/', {
    rison: { filters: [{ col: 'type', opr: 'custom_tag', value: true }], order_column: 'name', order_direction: 'asc', page: 0, page_size: SELECT_PAGE_SIZE },
  });
  return json.result.map((tag) => ({ value: tag.id, label: tag.name }));
}

/** Options always include what is already chosen, labelled from the dashboard when the list lacks it. */
export function withChosen(options: readonly SelectOption[], chosen: readonly { id: number; label: string }[]): SelectOption[] {
  const known = new Set(options.map((o) => o.value));
  return [...options, ...chosen.filter((c) => !known.has(c.id)).map((c) => ({ value: c.id, label: c.label }))];
}
