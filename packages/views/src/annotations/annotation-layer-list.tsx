import { useState } from 'react';
import { ModifiedCell, userName } from '../lists/list-cells';
import type { ListPageProps } from '../lists/list-page-props';
import type { ListColumn, ListFilterConfig } from '../lists/list-types';
import { ResourceList } from '../lists/resource-list';
import { useResourcePermissions } from '../lists/use-resource-permissions';
import { SECURITY_CSS } from '../security/security-styles';
import { ANNOTATION_CSS, annotationsHref, type AnnotationLayerRow } from './annotation-form';
import { AnnotationLayerModal } from './annotation-layer-modal';

const RESOURCE = 'annotation_layer' as const;

export const ANNOTATION_LAYER_COLUMNS: ListColumn<AnnotationLayerRow>[] = [
  { id: 'name', header: 'Name', sortable: true, render: (row) => <a href={annotationsHref(row.id)}>{row.name}</a> },
  { id: 'descr', header: 'Description', sortable: true, render: (row) => row.descr ?? '' },
  { id: 'created_by', header: 'Created by', sortable: false, render: (row) => userName(row.created_by) },
  { id: 'changed_on_delta_humanized', header: 'Last modified', sortable: true, render: (row) => <ModifiedCell row={row} /> },
];

export const ANNOTATION_LAYER_FILTERS: ListFilterConfig[] = [
  { kind: 'search', key: 'search', id: 'name', label: 'Search', operator: 'annotation_layer_all_text' },
  { kind: 'select', id: 'created_by', label: 'Created by', operator: 'rel_o_m', lookup: { source: 'related', column: 'created_by' } },
];

/** What the list asks for: the columns it draws. */
const SELECT_COLUMNS = ['id', 'name', 'descr', 'created_by', 'changed_by', 'changed_on_delta_humanized'];

/**
 * Settings → Manage → Annotation Layers (/annotationlayer/list/, the incumbent's page): layers by name,
 * each opening its annotations; '+ Annotation Layer', Edit, Delete and bulk delete for holders of can_write
 * on Annotation. Deleting a layer that still has annotations is refused by the server, which says so.
 */
export function AnnotationLayerList({ client, toasts, search, onUrlChange }: ListPageProps) {
  const { canWrite } = useResourcePermissions(client, RESOURCE);
  const [editing, setEditing] = useState<{ row: AnnotationLayerRow | null } | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);

  const saved = (name: string) => {
    toasts.success(`Saved: ${name}`);
    setEditing(null);
    setRefreshKey((n) => n + 1);
  };
  const rowActions = (row: AnnotationLayerRow) =>
    canWrite && (
      <button type="button" className="bi-link-button" onClick={() => setEditing({ row })} aria-label={`Edit ${row.name}`}>
        Edit
      </button>
    );

  return (
    <div className="bi-security-list bi-annotation-screen">
      <style>{SECURITY_CSS + ANNOTATION_CSS}</style>
      <ResourceList<AnnotationLayerRow>
        client={client}
        toasts={toasts}
        resource={RESOURCE}
        title="Annotation Layers"
        plural="annotation layers"
        titleOf={(row) => row.name}
        columns={ANNOTATION_LAYER_COLUMNS}
        filters={ANNOTATION_LAYER_FILTERS}
        selectColumns={SELECT_COLUMNS}
        initialSort={{ column: 'name', order: 'asc' }}
        search={search}
        onUrlChange={onUrlChange}
        refreshKey={refreshKey}
        extraRowActions={rowActions}
        extraHeaderActions={
          canWrite && (
            <button type="button" className="bi-button bi-button--primary" onClick={() => setEditing({ row: null })}>
              + Annotation Layer
            </button>
          )
        }
      />
      {editing && <AnnotationLayerModal client={client} row={editing.row} onHide={() => setEditing(null)} onSaved={saved} />}
    </div>
  );
}
