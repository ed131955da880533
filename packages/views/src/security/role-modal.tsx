import type { ApiClient } from '@lumen-bi/core';
import { useEffect, useId, useState } from 'react';
import { Modal } from '../components/modal';
import { FormField } from './form-field';
import { PermissionChecklist } from './permission-checklist';
import { loadAllPairs, type PermissionPair } from './permission-pairs';
import type { RoleTarget } from './role-form';
import { saveRole, type RoleSaveResult } from './role-save';
import { serverMessage } from './server-message';

export interface RoleModalProps {
  client: ApiClient;
  /** The role to edit (a copy opens here too); null adds one. */
  role: RoleTarget;
  onHide(): void;
  onSaved(name: string): void;
}

/** Every pair, loaded once per dialog; a failure is shown where the checklist would be. */
function usePairs(client: ApiClient): { pairs: PermissionPair[] | null; error: string | null } {
  const [state, setState] = useState<{ pairs: PermissionPair[] | null; error: string | null }>({ pairs: null, error: null });
  useEffect(() => {
    let live = true;
    loadAllPairs(client).then(
      (pairs) => live && setState({ pairs, error: null }),
      (failure: unknown) => live && setState({ pairs: null, error: serverMessage(failure) }),
    );
    return () => {
      live = false;
    };
  }, [client]);
  return state;
}

/**
 * The role dialog (Settings → List Roles): the role's name and its permission pairs, a searchable checklist
 * grouped by view. A refusal (taken name, built-in role renamed, a pair the admin may not grant) shows on
 * the field it is about.
 */
export function RoleModal({ client, role, onHide, onSaved }: RoleModalProps) {
  const [target, setTarget] = useState<RoleTarget>(role);
  const [name, setName] = useState(role?.name ?? '');
  const [pairs, setPairs] = useState<ReadonlySet<number>>(() => new Set(role?.permission_ids ?? []));
  const [error, setError] = useState<RoleSaveResult['error']>();
  const [saving, setSaving] = useState(false);
  const all = usePairs(client);
  const id = useId();

  const submit = async () => {
    setSaving(true);
    const result = await saveRole(client, target, { name, pairs });
    setSaving(false);
    setTarget(result.saved);
    setError(result.error);
    if (!result.error) onSaved(name.trim());
  };
  const errorOn = (field: 'name' | 'pairs' | 'form') => (error?.field === field ? error.message : undefined);

  return (
    <Modal title={role ? `Edit role: ${role.name}` : 'Add role'} show onHide={onHide} onOk={() => void submit()} okText="Save" okDisabled={saving || !all.pairs} responsive>
      <form className="bi-role-form" onSubmit={(e) => (e.preventDefault(), void submit())}>
        {errorOn('form') && (
          <p className="bi-field-error" role="alert">
            {errorOn('form')}
          </p>
        )}
        <FormField id={`${id}-name`} label="Name" required error={errorOn('name')}>
          <input id={`${id}-name`} type="text" value={name} aria-invalid={Boolean(errorOn('name'))} aria-describedby={errorOn('name') ? `${id}-name-error` : undefined} onChange={(e) => setName(e.target.value)} />
        </FormField>
        <div className="bi-form-field">
          <span>Permissions</span>
          {all.error && (
            <p className="bi-field-error" role="alert">
              The permissions could not be loaded: {all.error}
            </p>
          )}
          {!all.pairs && !all.error && <p aria-busy="true">Loading permissions…</p>}
          {all.pairs && <PermissionChecklist pairs={all.pairs} selected={pairs} onChange={setPairs} error={errorOn('pairs')} />}
        </div>
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
