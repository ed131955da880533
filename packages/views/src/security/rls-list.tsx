import { useState } from 'react';
import type { ListPageProps } from '../lists/list-page-props';
import type { ListColumn, ListFilterConfig } from '../lists/list-types';
import { ResourceList } from '../lists/resource-list';
import { useResourcePermissions } from '../lists/use-resource-permissions';
import { tableLabel, type RlsRow } from './rls-form';
import { RlsModal } from './rls-modal';
import { SECURITY_CSS } from './security-styles';

const RESOURCE = 'rowlevelsecurity' as const;

export const RLS_COLUMNS: ListColumn<RlsRow>[] = [
  { id: 'name', header: 'Name', sortable: true },
  { id: 'filter_type', header: 'Filter type', sortable: true },
  { id: 'tables', header: 'Datasets', render: (row) => row.tables.map(tableLabel).join(', ') },
  { id: 'roles', header: 'Roles', render: (row) => row.roles.map((r) => r.name).join(', ') },
  { id: 'group_key', header: 'Group key', sortable: true },
  { id: 'clause', header: 'Clause', render: (row) => <code className="bi-rls-clause">{row.clause}</code> },
];

export const RLS_FILTERS: ListFilterConfig[] = [
  { kind: 'search', key: 'search', id: 'name', label: 'Search', operator: 'ct' },
  { kind: 'select', id: 'filter_type', label: 'Filter type', operator: 'eq', options: [{ label: 'Regular', value: 'Regular' }, { label: 'Base', value: 'Base' }] },
  { kind: 'select', id: 'roles', label: 'Role', operator: 'rel_m_m', lookup: { source: 'related', column: 'roles' } },
];

/**
 * Settings → Row Level Security (/rowlevelsecurity/list/): the rules with their datasets, roles, group
 * key and clause; + Rule, Edit and Delete for holders of can_write (admins).
 */
export function RlsList({ client, toasts, search, onUrlChange }: ListPageProps) {
  const { canWrite } = useResourcePermissions(client, RESOURCE);
  const [editing, setEditing] = useState<{ row: RlsRow | null } | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);

  const saved = (name: string) => {
    toasts.success(`Saved: ${name}`);
    setEditing(null);
    setRefreshKey((n) => n + 1);
  };
  const rowActions = (row: RlsRow) =>
    canWrite && (
      <button type="button" className="bi-link-button" onClick={() => setEditing({ row })} aria-label={`Edit ${row.name}`}>
        Edit
      </button>
    );

  return (
    <div className="bi-security-list">
      <style>{SECURITY_CSS}</style>
      <ResourceList<RlsRow>
        client={client}
        toasts={toasts}
        resource={RESOURCE}
        title="Row Level Security"
        plural="rules"
        titleOf={(row) => row.name}
        columns={RLS_COLUMNS}
        filters={RLS_FILTERS}
        initialSort={{ column: 'name', order: 'asc' }}
        search={search}
        onUrlChange={onUrlChange}
        refreshKey={refreshKey}
        extraRowActions={rowActions}
        extraHeaderActions={
          canWrite && (
            <button type="button" className="bi-button bi-button--primary" onClick={() => setEditing({ row: null })}>
              + Rule
            </button>
          )
        }
      />
      {editing && <RlsModal client={client} row={editing.row} onHide={() => setEditing(null)} onSaved={saved} />}
    </div>
  );
}
