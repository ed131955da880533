import { getClientErrorMessage, type ApiClient } from '@lumen-bi/core';
import { useEffect, useState } from 'react';
import { COMPONENTS_CSS } from '../components/components-styles';
import { ErrorBoundary } from '../components/error-boundary';
import { Toasts } from '../components/toasts';
import { DeleteConfirmModal } from '../lists/delete-confirm-modal';
import { bulkDelete, deleteObject, type DeleteTarget } from '../lists/list-actions';
import type { ListPageProps } from '../lists/list-page-props';
import type { ListColumn, ListFilterConfig } from '../lists/list-types';
import { ListView, type ListHelpers } from '../lists/list-view';
import { useResourcePermissions } from '../lists/use-resource-permissions';
import { SECURITY_CSS } from '../security/security-styles';
import { ANNOTATION_CSS, layerPath, type AnnotationLayerRow, type AnnotationRow } from './annotation-form';
import { AnnotationModal } from './annotation-modal';

/** Times as the server answers them (UTC, no zone), drawn as `2024-03-01 09:30:00`. */
const shownTime = (value: string | null | undefined) => (value ? value.replace('T', ' ').replace(/\.\d+$/, '') : '');

export const ANNOTATION_COLUMNS: ListColumn<AnnotationRow>[] = [
  { id: 'short_descr', header: 'Label', sortable: true },
  { id: 'start_dttm', header: 'Start', sortable: true, render: (row) => shownTime(row.start_dttm) },
  { id: 'end_dttm', header: 'End', sortable: true, render: (row) => shownTime(row.end_dttm) },
];

export const ANNOTATION_FILTERS: ListFilterConfig[] = [{ kind: 'search', key: 'search', id: 'short_descr', label: 'Search', operator: 'annotation_all_text' }];

const SELECT_COLUMNS = ['id', 'short_descr', 'long_descr', 'start_dttm', 'end_dttm', 'json_metadata'];

export interface AnnotationListProps extends ListPageProps {
  layerId: number;
}

/** The layer's name for the title; null while loading, an error text when the layer cannot be read. */
function useLayerName(client: ApiClient, layerId: number): { name: string | null; error: string | null } {
  const [state, setState] = useState<{ name: string | null; error: string | null }>({ name: null, error: null });
  useEffect(() => {
    let live = true;
    client.get<{ result: AnnotationLayerRow }>(`/api/v1/annotation_layer/${layerId}`).then(
      ({ json }) => live && setState({ name: json.result.name, error: null }),
      (error: unknown) => live && setState({ name: null, error: getClientErrorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [client, layerId]);
  return state;
}

type Pending = { targets: DeleteTarget[]; helpers: ListHelpers } | null;

/**
 * One annotation layer's annotations (/annotationlayer/{id}/annotation/, the incumbent's page): label,
 * start and end, sortable and searchable; '+ Annotation', Edit, Delete and bulk delete for holders of
 * can_write on Annotation, each write through the layer's nested endpoints.
 */
export function AnnotationList({ client, toasts, search, onUrlChange, layerId }: AnnotationListProps) {
  const { canWrite } = useResourcePermissions(client, 'annotation_layer');
  const layer = useLayerName(client, layerId);
  const [editing, setEditing] = useState<{ row: AnnotationRow | null } | null>(null);
  const [pendingDelete, setPendingDelete] = useState<Pending>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const nested = `annotation_layer/${layerId}/annotation` as const;

  if (layer.error) {
    return (
      <p className="bi-field-error" role="alert">
        {layer.error}
      </p>
    );
  }

  const saved = (label: string) => {
    toasts.success(`Saved: ${label}`);
    setEditing(null);
    setRefreshKey((n) => n + 1);
  };
  const targetOf = (row: AnnotationRow): DeleteTarget => ({ id: row.id, title: row.short_descr });
  const confirmDelete = async () => {
    if (!pendingDelete) return;
    const { targets, helpers } = pendingDelete;
    setPendingDelete(null);
    const ok = targets.length === 1 ? await deleteObject(client, toasts, nested, targets[0]!) : await bulkDelete(client, toasts, nested, targets, 'annotations');
    if (ok) {
      helpers.deselectAll();
      helpers.refresh();
    }
  };
  const rowActions = (row: AnnotationRow, helpers: ListHelpers) =>
    canWrite && (
      <>
        <button type="button" className="bi-link-button" onClick={() => setEditing({ row })} aria-label={`Edit ${row.short_descr}`}>
          Edit
        </button>
        <button type="button" className="bi-link-button" onClick={() => setPendingDelete({ targets: [targetOf(row)], helpers })} aria-label={`Delete ${row.short_descr}`}>
          Delete
        </button>
      </>
    );

  return (
    <div className="bi-security-list bi-annotation-screen">
      <style>{COMPONENTS_CSS + SECURITY_CSS + ANNOTATION_CSS}</style>
      <ErrorBoundary>
        <ListView<AnnotationRow>
          client={client}
          resource="annotation_layer"
          listPath={layerPath(layerId)}
          title={layer.name === null ? 'Annotation layer' : `Annotation layer: ${layer.name}`}
          columns={ANNOTATION_COLUMNS}
          filters={ANNOTATION_FILTERS}
          selectColumns={SELECT_COLUMNS}
          initialSort={{ column: 'start_dttm', order: 'desc' }}
          search={search}
          onUrlChange={onUrlChange}
          refreshKey={refreshKey}
          rowActions={rowActions}
          bulkActions={canWrite ? (selected, helpers) => [{ key: 'delete', label: 'Delete', danger: true, onSelect: () => setPendingDelete({ targets: selected.map(targetOf), helpers }) }] : undefined}
          headerActions={
            <>
              <a className="bi-button" href="/annotationlayer/list/">
                Back to all
              </a>
              {canWrite && (
                <button type="button" className="bi-button bi-button--primary" onClick={() => setEditing({ row: null })}>
                  + Annotation
                </button>
              )}
            </>
          }
        />
      </ErrorBoundary>
      {/* ListView draws no toasts (ResourceList does): without these, 'Saved' and 'Deleted' and a refused delete went unseen. */}
      <Toasts store={toasts} />
      <DeleteConfirmModal titles={pendingDelete ? pendingDelete.targets.map((t) => t.title) : null} onHide={() => setPendingDelete(null)} onConfirm={() => void confirmDelete()} />
      {editing && <AnnotationModal client={client} layerId={layerId} row={editing.row} onHide={() => setEditing(null)} onSaved={saved} />}
    </div>
  );
}
