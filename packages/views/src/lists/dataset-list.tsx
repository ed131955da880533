import { useMemo, useState } from 'react';
import { DatasetEditModal } from '../datasets/dataset-edit-modal';
import { createUploader } from '../import/import-upload';
import { UploadMenu } from '../upload/upload-menu';
import { CertifiedMark, ModifiedCell, OwnersCell, type ListUser } from './list-cells';
import type { ListPageProps } from './list-page-props';
import type { ListColumn, ListFilterConfig, ListRow } from './list-types';
import { DATASET_ADD_PATH } from '../create/create-paths';
import { ResourceList } from './resource-list';

/** A dataset row of GET /api/v1/dataset/. */
export interface DatasetRow extends ListRow {
  table_name: string;
  kind: string;
  schema?: string | null;
  database?: { id: number; database_name: string } | null;
  explore_url?: string;
  owners?: ListUser[];
  certified_by?: string | null;
  certification_details?: string | null;
  changed_on_delta_humanized?: string;
  changed_by?: ListUser | null;
}

export const DATASET_COLUMNS: ListColumn<DatasetRow>[] = [
  {
    id: 'table_name',
    header: 'Name',
    sortable: true,
    render: (row) => (
      <>
        <CertifiedMark by={row.certified_by} details={row.certification_details} />
        <a href={row.explore_url}>{row.table_name}</a>
      </>
    ),
  },
  { id: 'kind', header: 'Type', render: (row) => (row.kind === 'virtual' ? 'Virtual' : 'Physical') },
  { id: 'database', header: 'Database', render: (row) => row.database?.database_name ?? '' },
  { id: 'schema', header: 'Schema', sortable: true },
  { id: 'owners', header: 'Owners', render: (row) => <OwnersCell owners={row.owners} /> },
  { id: 'changed_on_delta_humanized', header: 'Last modified', sortable: true, render: (row) => <ModifiedCell row={row} /> },
  { id: 'sql', header: 'SQL', hidden: true },
  { id: 'created_by', header: 'Created by', hidden: true },
];

/**
 * What the page shows: the incumbent's default dataset columns lack the certification Lumen marks names
 * with, and carry the SQL and `extra` the page does not show, so it asks for its own (select_columns).
 */
export const DATASET_SELECT_COLUMNS: readonly string[] = [
  'id', 'table_name', 'kind', 'schema', 'database.id', 'database.database_name', 'explore_url', 'owners.id', 'owners.first_name',
  'owners.last_name', 'certified_by', 'certification_details', 'changed_on_delta_humanized', 'changed_by.id', 'changed_by.first_name',
  'changed_by.last_name',
];

export const DATASET_FILTERS: ListFilterConfig[] = [
  { kind: 'search', key: 'search', id: 'table_name', label: 'Search', operator: 'ct' },
  { kind: 'select', id: 'owners', label: 'Owner', operator: 'rel_m_m', lookup: { source: 'related', column: 'owners' } },
  { kind: 'select', id: 'database', label: 'Database', operator: 'rel_o_m', lookup: { source: 'related', column: 'database' } },
  { kind: 'select', id: 'schema', label: 'Schema', operator: 'eq', lookup: { source: 'distinct', column: 'schema' } },
  { kind: 'select', id: 'created_by', label: 'Created by', operator: 'rel_o_m', lookup: { source: 'related', column: 'created_by' } },
];

/** The datasets list (/tablemodelview/list/): each row opens Explore, or the edit modal; "+" uploads files. */
export function DatasetList({ client, toasts, search, onUrlChange, upload }: ListPageProps) {
  const [editing, setEditing] = useState<number | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const uploader = useMemo(() => upload ?? createUploader(client), [upload, client]);
  return (
    <>
      <ResourceList<DatasetRow>
        client={client}
        toasts={toasts}
        upload={upload}
        resource="dataset"
        title="Datasets"
        plural="datasets"
        importLabel="dataset"
        titleOf={(row) => row.table_name}
        columns={DATASET_COLUMNS}
        selectColumns={DATASET_SELECT_COLUMNS}
        filters={DATASET_FILTERS}
        initialSort={{ column: 'changed_on_delta_humanized', order: 'desc' }}
        search={search}
        onUrlChange={onUrlChange}
        refreshKey={refreshKey}
        createAction={{ label: '+ Dataset', href: DATASET_ADD_PATH }}
        extraHeaderActions={<UploadMenu client={client} upload={uploader} toasts={toasts} onUploaded={() => setRefreshKey((n) => n + 1)} />}
        extraRowActions={(row) => (
          <button type="button" className="bi-link-button" aria-label={`Edit ${row.table_name}`} onClick={() => setEditing(row.id)}>
            Edit
          </button>
        )}
      />
      <DatasetEditModal client={client} datasetId={editing} toasts={toasts} onHide={() => setEditing(null)} onSaved={() => setRefreshKey((n) => n + 1)} />
    </>
  );
}
