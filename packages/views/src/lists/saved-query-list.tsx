import { ModifiedCell, TagsCell, type ListUser } from './list-cells';
import type { ListPageProps } from './list-page-props';
import type { ListColumn, ListFilterConfig, ListRow } from './list-types';
import { ResourceList } from './resource-list';

/** A saved query row of GET /api/v1/saved_query/. */
export interface SavedQueryRow extends ListRow {
  label: string;
  description?: string | null;
  sql?: string | null;
  schema?: string | null;
  database?: { id: number; database_name: string } | null;
  tags?: { id: number; name: string; type?: string }[];
  changed_on_delta_humanized?: string;
  changed_by?: ListUser | null;
}

export const SAVED_QUERY_COLUMNS: ListColumn<SavedQueryRow>[] = [
  { id: 'label', header: 'Name', sortable: true, render: (row) => <a href={`/sqllab/?savedQueryId=${row.id}`}>{row.label}</a> },
  { id: 'database', header: 'Database', sortable: false, render: (row) => row.database?.database_name ?? '' },
  { id: 'schema', header: 'Schema', sortable: true },
  { id: 'tags', header: 'Tags', render: (row) => <TagsCell tags={row.tags} /> },
  { id: 'changed_on_delta_humanized', header: 'Last modified', sortable: true, render: (row) => <ModifiedCell row={row} /> },
  { id: 'created_by', header: 'Created by', hidden: true },
];

export const SAVED_QUERY_FILTERS: ListFilterConfig[] = [
  { kind: 'search', key: 'search', id: 'label', label: 'Search', operator: 'all_text' },
  { kind: 'select', id: 'database', label: 'Database', operator: 'rel_o_m', lookup: { source: 'related', column: 'database' } },
  { kind: 'select', id: 'schema', label: 'Schema', operator: 'eq', lookup: { source: 'distinct', column: 'schema' } },
  { kind: 'select', id: 'created_by', label: 'Created by', operator: 'rel_o_m', lookup: { source: 'related', column: 'created_by' } },
];

/** The saved queries list (/savedqueryview/list/); a name opens the query in SQL Lab. */
export function SavedQueryList({ client, toasts, search, onUrlChange, upload }: ListPageProps) {
  return (
    <ResourceList<SavedQueryRow>
      client={client}
      toasts={toasts}
      upload={upload}
      resource="saved_query"
      title="Saved queries"
      plural="saved queries"
      tagType="saved_query"
      importLabel="saved query"
      titleOf={(row) => row.label}
      columns={SAVED_QUERY_COLUMNS}
      filters={SAVED_QUERY_FILTERS}
      initialSort={{ column: 'changed_on_delta_humanized', order: 'desc' }}
      search={search}
      onUrlChange={onUrlChange}
    />
  );
}
