import { useState } from 'react';
import { YES_NO } from '../lists/list-cells';
import type { ListPageProps } from '../lists/list-page-props';
import type { ListColumn, ListFilterConfig } from '../lists/list-types';
import type { ListHelpers } from '../lists/list-view';
import { ResourceList } from '../lists/resource-list';
import { useResourcePermissions } from '../lists/use-resource-permissions';
import { SECURITY_CSS } from './security-styles';
import { serverMessage } from './server-message';
import type { UserRow } from './user-form';
import { UserModal, type UserModalMode } from './user-modal';

const RESOURCE = 'security/users' as const;

/** A login time as 'YYYY-MM-DD HH:MM' (UTC, said by the column header); empty when the user never signed in. */
export const formatLastLogin = (value: string | null | undefined) => (value ? value.slice(0, 16).replace('T', ' ') : '');

export const USER_COLUMNS: ListColumn<UserRow>[] = [
  { id: 'username', header: 'Username', sortable: true },
  { id: 'first_name', header: 'First name', sortable: true },
  { id: 'last_name', header: 'Last name', sortable: true },
  { id: 'email', header: 'E-mail', sortable: true },
  { id: 'roles', header: 'Roles', render: (row) => row.roles.map((r) => r.name).join(', ') },
  { id: 'active', header: 'Active', sortable: true, render: (row) => (row.active ? 'Yes' : 'No') },
  { id: 'last_login', header: 'Last login (UTC)', sortable: true, render: (row) => <span className="bi-list-cell--nowrap">{formatLastLogin(row.last_login)}</span> },
];

export const USER_FILTERS: ListFilterConfig[] = [
  { kind: 'search', key: 'search', id: 'username', label: 'Search', operator: 'ct' },
  { kind: 'select', id: 'roles', label: 'Role', operator: 'rel_m_m', lookup: { source: 'related', column: 'roles' } },
  { kind: 'select', id: 'active', label: 'Active', operator: 'eq', options: YES_NO },
];

/**
 * Settings → List Users (/users/list/): every account with its roles and last login; + User, Edit,
 * Deactivate/Activate (which ends the user's sessions), Reset password and Delete, each offered only
 * with can_write on User.
 */
export function UserList({ client, toasts, search, onUrlChange }: ListPageProps) {
  const { canWrite } = useResourcePermissions(client, RESOURCE);
  const [dialog, setDialog] = useState<{ mode: UserModalMode; helpers?: ListHelpers } | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);

  const saved = (username: string) => {
    toasts.success(dialog?.mode.kind === 'password' ? `Password changed: ${username}` : `Saved: ${username}`);
    setDialog(null);
    setRefreshKey((n) => n + 1);
  };
  const setActive = async (row: UserRow, active: boolean, helpers: ListHelpers) => {
    try {
      await client.put(`/api/v1/security/users/${row.id}`, { active });
      toasts.success(`${active ? 'Activated' : 'Deactivated'}: ${row.username}`);
      helpers.refresh();
    } catch (failure) {
      toasts.danger(`${row.username} could not be ${active ? 'activated' : 'deactivated'}: ${serverMessage(failure)}`);
    }
  };

  const rowActions = (row: UserRow, helpers: ListHelpers) =>
    canWrite && (
      <>
        <button type="button" className="bi-link-button" onClick={() => setDialog({ mode: { kind: 'edit', row } })} aria-label={`Edit ${row.username}`}>
          Edit
        </button>
        <button type="button" className="bi-link-button" onClick={() => void setActive(row, !row.active, helpers)} aria-label={`${row.active ? 'Deactivate' : 'Activate'} ${row.username}`}>
          {row.active ? 'Deactivate' : 'Activate'}
        </button>
        <button type="button" className="bi-link-button" onClick={() => setDialog({ mode: { kind: 'password', row } })} aria-label={`Reset password of ${row.username}`}>
          Reset password
        </button>
      </>
    );

  return (
    <div className="bi-security-list">
      <style>{SECURITY_CSS}</style>
      <ResourceList<UserRow>
        client={client}
        toasts={toasts}
        resource={RESOURCE}
        title="List Users"
        plural="users"
        titleOf={(row) => row.username}
        columns={USER_COLUMNS}
        filters={USER_FILTERS}
        initialSort={{ column: 'username', order: 'asc' }}
        search={search}
        onUrlChange={onUrlChange}
        refreshKey={refreshKey}
        extraRowActions={rowActions}
        extraHeaderActions={
          canWrite && (
            <button type="button" className="bi-button bi-button--primary" onClick={() => setDialog({ mode: { kind: 'add' } })}>
              + User
            </button>
          )
        }
      />
      {dialog && <UserModal client={client} mode={dialog.mode} onHide={() => setDialog(null)} onSaved={saved} />}
    </div>
  );
}
