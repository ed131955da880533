import { useState } from 'react';
import type { ListPageProps } from '../lists/list-page-props';
import type { ListColumn, ListFilterConfig } from '../lists/list-types';
import type { ListHelpers } from '../lists/list-view';
import { ResourceList } from '../lists/resource-list';
import { useResourcePermissions } from '../lists/use-resource-permissions';
import { copyName, copyRole, ROLES_PATH, type RoleRow, type RoleTarget } from './role-form';
import { RoleModal } from './role-modal';
import { SECURITY_CSS } from './security-styles';
import { serverMessage } from './server-message';

const RESOURCE = 'security/roles' as const;

export const ROLE_COLUMNS: ListColumn<RoleRow>[] = [
  { id: 'name', header: 'Name', sortable: true },
  { id: 'user_ids', header: 'Users', size: 90, render: (row) => row.user_ids.length },
  { id: 'permission_ids', header: 'Permissions', size: 110, render: (row) => row.permission_ids.length },
];

export const ROLE_FILTERS: ListFilterConfig[] = [{ kind: 'search', key: 'search', id: 'name', label: 'Search', operator: 'ct' }];

/**
 * Settings → List Roles (/roles/list/): each role with how many users hold it and how many permission pairs
 * it grants; + Role, Edit, Copy ('Copy of <name>' with the same pairs, then opened) and Delete, for holders
 * of can_write on Role. Rows come from /roles/search/, which counts users and pairs in one request.
 */
export function RoleList({ client, toasts, search, onUrlChange }: ListPageProps) {
  const { canWrite } = useResourcePermissions(client, RESOURCE);
  const [editing, setEditing] = useState<{ role: RoleTarget } | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const refresh = () => setRefreshKey((n) => n + 1);

  const saved = (name: string) => {
    toasts.success(`Saved: ${name}`);
    setEditing(null);
    refresh();
  };
  const copy = async (row: RoleRow, helpers: ListHelpers) => {
    try {
      const role = await copyRole(client, row);
      helpers.refresh();
      setEditing({ role });
    } catch (failure) {
      toasts.danger(`${copyName(row.name)} could not be created: ${serverMessage(failure)}`);
    }
  };

  const rowActions = (row: RoleRow, helpers: ListHelpers) =>
    canWrite && (
      <>
        <button type="button" className="bi-link-button" onClick={() => setEditing({ role: row })} aria-label={`Edit ${row.name}`}>
          Edit
        </button>
        <button type="button" className="bi-link-button" onClick={() => void copy(row, helpers)} aria-label={`Copy ${row.name}`}>
          Copy
        </button>
      </>
    );

  return (
    <div className="bi-security-list">
      <style>{SECURITY_CSS}</style>
      <ResourceList<RoleRow>
        client={client}
        toasts={toasts}
        resource={RESOURCE}
        listPath={`${ROLES_PATH}search/`}
        title="List Roles"
        plural="roles"
        titleOf={(row) => row.name}
        columns={ROLE_COLUMNS}
        filters={ROLE_FILTERS}
        initialSort={{ column: 'name', order: 'asc' }}
        search={search}
        onUrlChange={onUrlChange}
        refreshKey={refreshKey}
        extraRowActions={rowActions}
        extraHeaderActions={
          canWrite && (
            <button type="button" className="bi-button bi-button--primary" onClick={() => setEditing({ role: null })}>
              + Role
            </button>
          )
        }
      />
      {editing && <RoleModal client={client} role={editing.role} onHide={() => (setEditing(null), refresh())} onSaved={saved} />}
    </div>
  );
}
