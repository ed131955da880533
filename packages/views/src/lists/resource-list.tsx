import { useMemo, useState, type ReactNode } from 'react';
import { COMPONENTS_CSS } from '../components/components-styles';
import { ErrorBoundary } from '../components/error-boundary';
import type { ToastStore } from '../components/toast-store';
import { Toasts } from '../components/toasts';
import { ImportModal } from '../import/import-modal';
import { createUploader, type Uploader } from '../import/import-upload';
import { AddTagModal } from './add-tag-modal';
import type { BulkAction } from './bulk-select-banner';
import { DeleteConfirmModal } from './delete-confirm-modal';
import { FavoriteStar } from './favorite-star';
import { bulkDelete, bulkTag, deleteObject, downloadExport, type DeleteTarget } from './list-actions';
import type { ListColumn, ListRow } from './list-types';
import { ListView, type ListHelpers, type ListViewProps } from './list-view';
import { useFavoriteStatus, type FavoriteResource } from './use-favorite-status';
import { useResourcePermissions } from './use-resource-permissions';

export interface ResourceListProps<T extends ListRow> extends Omit<ListViewProps<T>, 'bulkActions' | 'rowActions' | 'headerActions' | 'renderCard'> {
  toasts: ToastStore;
  titleOf(row: T): string;
  /** e.g. 'charts': used in bulk-delete messages. */
  plural: string;
  /** The tagged-object type ('chart', 'dashboard', 'saved_query'); enables Add Tag. */
  tagType?: string;
  /** The import modal's resource label; enables Import and Export. */
  importLabel?: string;
  /** Cards get their row actions, and with `favorites` the row's favourite star to place by the title. */
  renderCard?: (row: T, actions: ReactNode, favoriteStar: ReactNode) => ReactNode;
  /** Favourite stars on cards and a star column in the table (charts and dashboards). */
  favorites?: boolean;
  extraRowActions?: (row: T, helpers: ListHelpers) => ReactNode;
  extraHeaderActions?: ReactNode;
  /** The list's '+ Chart' style entry point: a primary link, offered only to users who may write the resource. */
  createAction?: { label: string; href: string };
  /** For tests; defaults to a multipart uploader on the list's client. */
  upload?: Uploader;
}

type Pending = { targets: DeleteTarget[]; helpers: ListHelpers } | null;

/**
 * A list with the actions every resource shares, shown only when `_info` grants them: delete one (with a
 * confirmation), bulk delete, export the selection as a ZIP, Add Tag, and Import.
 */
export function ResourceList<T extends ListRow>(props: ResourceListProps<T>) {
  const { client, resource, toasts, titleOf, plural, tagType, importLabel, renderCard, extraRowActions, extraHeaderActions, createAction } = props;
  const permissions = useResourcePermissions(client, resource);
  const upload = useMemo(() => props.upload ?? createUploader(client), [props.upload, client]);
  const [pendingDelete, setPendingDelete] = useState<Pending>(null);
  const [tagging, setTagging] = useState<{ ids: number[]; helpers: ListHelpers } | null>(null);
  const [importing, setImporting] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);
  const [pageIds, setPageIds] = useState<readonly number[]>([]);
  const favoritesOn = Boolean(props.favorites) && (resource === 'chart' || resource === 'dashboard');
  const favorites = useFavoriteStatus(client, resource as FavoriteResource, pageIds, toasts, favoritesOn);
  const starOf = (row: T) => (favoritesOn ? <FavoriteStar starred={favorites.status.get(row.id)} title={titleOf(row)} onToggle={() => void favorites.toggle(row.id)} /> : null);
  const columns: readonly ListColumn<T>[] = favoritesOn ? [{ id: 'favorite', header: '', size: 32, render: starOf }, ...props.columns] : props.columns;

  const targetOf = (row: T): DeleteTarget => ({ id: row.id, title: titleOf(row) });
  const rowActions = (row: T, helpers: ListHelpers) => (
    <>
      {extraRowActions?.(row, helpers)}
      {permissions.canExport && importLabel && (
        <button type="button" className="bi-link-button" onClick={() => downloadExport(client, resource, [row.id])} aria-label={`Export ${titleOf(row)}`}>
          Export
        </button>
      )}
      {permissions.canWrite && (
        <button type="button" className="bi-link-button" onClick={() => setPendingDelete({ targets: [targetOf(row)], helpers })} aria-label={`Delete ${titleOf(row)}`}>
          Delete
        </button>
      )}
    </>
  );

  const bulkActions = (selected: T[], helpers: ListHelpers): BulkAction[] => {
    const actions: BulkAction[] = [];
    if (permissions.canWrite) actions.push({ key: 'delete', label: 'Delete', danger: true, onSelect: () => setPendingDelete({ targets: selected.map(targetOf), helpers }) });
    if (permissions.canExport && importLabel) actions.push({ key: 'export', label: 'Export', onSelect: () => downloadExport(client, resource, selected.map((r) => r.id)) });
    if (tagType && permissions.canTag) actions.push({ key: 'tag', label: 'Add Tag', onSelect: () => setTagging({ ids: selected.map((r) => r.id), helpers }) });
    return actions;
  };

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    const { targets, helpers } = pendingDelete;
    setPendingDelete(null);
    const ok = targets.length === 1 ? await deleteObject(client, toasts, resource, targets[0]) : await bulkDelete(client, toasts, resource, targets, plural);
    if (ok) {
      helpers.deselectAll();
      helpers.refresh();
    }
  };

  const applyTags = async (tags: string[]) => {
    if (!tagging || !tagType) return;
    const { ids, helpers } = tagging;
    setTagging(null);
    if (await bulkTag(client, toasts, tagType, ids, tags)) {
      helpers.deselectAll();
      helpers.refresh();
    }
  };

  return (
    <>
      <style>{COMPONENTS_CSS}</style>
      <ErrorBoundary>
        <ListView<T>
          {...props}
          columns={columns}
          refreshKey={(props.refreshKey ?? 0) + refreshKey}
          onRowsChange={favoritesOn ? (rows) => setPageIds(rows.map((row) => row.id)) : props.onRowsChange}
          renderCard={renderCard ? (row, helpers) => renderCard(row, <div className="bi-list-card__actions">{rowActions(row, helpers)}</div>, starOf(row)) : undefined}
          rowActions={rowActions}
          bulkActions={permissions.canWrite || permissions.canExport ? bulkActions : undefined}
          headerActions={
            <>
              {extraHeaderActions}
              {createAction && permissions.canWrite && (
                <a className="bi-button bi-button--primary" href={createAction.href}>
                  {createAction.label}
                </a>
              )}
              {importLabel && permissions.canWrite && (
                <button type="button" className="bi-button" onClick={() => setImporting(true)}>
                  Import
                </button>
              )}
            </>
          }
        />
      </ErrorBoundary>
      <DeleteConfirmModal titles={pendingDelete ? pendingDelete.targets.map((t) => t.title) : null} onHide={() => setPendingDelete(null)} onConfirm={() => void confirmDelete()} />
      <AddTagModal client={client} show={tagging !== null} onHide={() => setTagging(null)} onApply={applyTags} />
      {importLabel && (
        <ImportModal
          show={importing}
          onHide={() => setImporting(false)}
          resourceLabel={importLabel}
          importPath={`/api/v1/${resource}/import/`}
          upload={upload}
          toasts={toasts}
          onImported={() => setRefreshKey((n) => n + 1)}
        />
      )}
      <Toasts store={toasts} />
    </>
  );
}
