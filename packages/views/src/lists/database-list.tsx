import { useMemo, useState } from 'react';
import { DatabaseModal } from '../databases/database-modal';
import { createUploader } from '../import/import-upload';
import { UploadMenu } from '../upload/upload-menu';
import { ModifiedCell } from './list-cells';
import type { ListPageProps } from './list-page-props';
import type { ListColumn, ListFilterConfig, ListRow } from './list-types';
import { ResourceList } from './resource-list';

/** A database row of GET /api/v1/database/. */
export interface DatabaseRow extends ListRow {
  database_name: string;
  backend: string;
  expose_in_sqllab?: boolean;
  allow_run_async?: boolean;
  allow_dml?: boolean;
  allow_file_upload?: boolean;
  changed_on_delta_humanized?: string;
}

const yes = (value: unknown) => (value ? 'Yes' : 'No');

export const DATABASE_COLUMNS: ListColumn<DatabaseRow>[] = [
  { id: 'database_name', header: 'Name', sortable: true },
  { id: 'backend', header: 'Backend', sortable: true },
  { id: 'allow_run_async', header: 'Asynchronous query execution', sortable: true, render: (row) => yes(row.allow_run_async) },
  { id: 'allow_dml', header: 'Allow DML', sortable: true, render: (row) => yes(row.allow_dml) },
  { id: 'allow_file_upload', header: 'Allow file uploads', sortable: true, render: (row) => yes(row.allow_file_upload) },
  { id: 'expose_in_sqllab', header: 'Expose in SQL Lab', sortable: true, render: (row) => yes(row.expose_in_sqllab) },
  { id: 'changed_on_delta_humanized', header: 'Last modified', sortable: true, render: (row) => <ModifiedCell row={row} /> },
  { id: 'created_by', header: 'Created by', hidden: true },
];

const YES_NO_FLAG = [
  { label: 'Yes', value: true },
  { label: 'No', value: false },
];

export const DATABASE_FILTERS: ListFilterConfig[] = [
  { kind: 'search', key: 'search', id: 'database_name', label: 'Search', operator: 'ct' },
  { kind: 'select', id: 'expose_in_sqllab', label: 'Expose in SQL Lab', operator: 'eq', options: YES_NO_FLAG },
  { kind: 'select', id: 'allow_run_async', label: 'Asynchronous query execution', operator: 'eq', options: YES_NO_FLAG },
  { kind: 'select', id: 'created_by', label: 'Created by', operator: 'rel_o_m', lookup: { source: 'related', column: 'created_by' } },
];

/** The databases list (/databaseview/list/) with the connection modal (+ Database, Edit) and the "+" upload menu. */
export function DatabaseList({ client, toasts, search, onUrlChange, upload }: ListPageProps) {
  const [modal, setModal] = useState<{ id: number | null } | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const uploader = useMemo(() => upload ?? createUploader(client), [upload, client]);
  return (
    <>
      <ResourceList<DatabaseRow>
        client={client}
        toasts={toasts}
        upload={upload}
        resource="database"
        title="Databases"
        plural="databases"
        importLabel="database"
        titleOf={(row) => row.database_name}
        columns={DATABASE_COLUMNS}
        filters={DATABASE_FILTERS}
        initialSort={{ column: 'changed_on_delta_humanized', order: 'desc' }}
        search={search}
        onUrlChange={onUrlChange}
        refreshKey={refreshKey}
        extraHeaderActions={
          <>
          <UploadMenu client={client} upload={uploader} toasts={toasts} />
          <button type="button" className="bi-button bi-button--primary" onClick={() => setModal({ id: null })}>
            + Database
          </button>
          </>
        }
        extraRowActions={(row) => (
          <button type="button" className="bi-link-button" aria-label={`Edit ${row.database_name}`} onClick={() => setModal({ id: row.id })}>
            Edit
          </button>
        )}
      />
      <DatabaseModal
        client={client}
        toasts={toasts}
        show={modal !== null}
        databaseId={modal?.id ?? null}
        onHide={() => setModal(null)}
        onSaved={() => setRefreshKey((n) => n + 1)}
      />
    </>
  );
}
