import { ModifiedCell, tagEntitiesHref, type ListUser } from './list-cells';
import type { ListPageProps } from './list-page-props';
import type { ApiFilter, ListColumn, ListFilterConfig, ListRow } from './list-types';
import { ResourceList } from './resource-list';

/** A tag row of GET /api/v1/tag/. */
export interface TagRow extends ListRow {
  name: string;
  description?: string | null;
  changed_on_delta_humanized?: string;
  changed_by?: ListUser | null;
  created_by?: ListUser | null;
}

export const TAG_COLUMNS: ListColumn<TagRow>[] = [
  { id: 'name', header: 'Name', sortable: true, render: (row) => <a href={tagEntitiesHref(row.id)}>{row.name}</a> },
  { id: 'description', header: 'Description', render: (row) => row.description ?? '' },
  { id: 'changed_on_delta_humanized', header: 'Last modified', sortable: true, render: (row) => <ModifiedCell row={row} /> },
  { id: 'created_by', header: 'Created by', hidden: true },
];

export const TAG_FILTERS: ListFilterConfig[] = [
  { kind: 'search', key: 'search', id: 'name', label: 'Search', operator: 'ct' },
  { kind: 'select', id: 'created_by', label: 'Created by', operator: 'rel_o_m', lookup: { source: 'related', column: 'created_by' } },
];

/** Only the users' own tags: owner: and type: tags are the system's bookkeeping (as on the incumbent's page). */
const CUSTOM_TAGS: readonly ApiFilter[] = [{ col: 'type', opr: 'custom_tag', value: true }];

/**
 * The Tags list (/superset/tags/, the incumbent's page): custom tags by name, each linking to its entity
 * page (/superset/all_entities/?id=) which lists what carries it; search, created-by filter and delete.
 */
export function TagList({ client, toasts, search, onUrlChange, upload }: ListPageProps) {
  return (
    <ResourceList<TagRow>
      client={client}
      toasts={toasts}
      upload={upload}
      resource="tag"
      title="Tags"
      plural="tags"
      titleOf={(row) => row.name}
      columns={TAG_COLUMNS}
      filters={TAG_FILTERS}
      baseFilters={CUSTOM_TAGS}
      initialSort={{ column: 'name', order: 'asc' }}
      search={search}
      onUrlChange={onUrlChange}
    />
  );
}
