import type { ApiClient } from '@lumen-bi/core';
import { useEffect, useId, useMemo, useState } from 'react';
import { Modal } from '../components/modal';
import { Select } from '../components/select';
import { FormField as Field } from './form-field';
import { relatedOptions } from './related-options';
import { serverMessage } from './server-message';
import { emptyUserForm, fieldOfError, userFormOf, userPayload, type UserField, type UserForm, type UserRow } from './user-form';

/** Add a user, edit one, or only set a new password (Reset password). */
export type UserModalMode = { kind: 'add' } | { kind: 'edit'; row: UserRow } | { kind: 'password'; row: UserRow };

export interface UserModalProps {
  client: ApiClient;
  mode: UserModalMode;
  onHide(): void;
  /** Called with the saved user's name after the server took the change. */
  onSaved(username: string): void;
}

type Errors = Partial<Record<UserField | 'form', string>>;

const USERS = '/api/v1/security/users/';
const PROVIDERS = '/api/v1/security/providers/';
const HINT_STYLE = { color: 'var(--bi-color-text-muted)', fontSize: 'var(--bi-font-size-sm)', margin: '2px 0 0' } as const;

/**
 * Whether the server has a single sign-on provider (GET /api/v1/security/providers/ lists one), so a new
 * user may have no password; null while asking, false when it cannot say (the password is then required,
 * as the server requires it without a provider).
 */
function useSsoConfigured(client: ApiClient, wanted: boolean): boolean | null {
  const [configured, setConfigured] = useState<boolean | null>(wanted ? null : false);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    client
      .get<{ result?: unknown }>(PROVIDERS)
      .then(({ json }) => live && setConfigured(Array.isArray(json?.result) && json.result.length > 0))
      .catch(() => live && setConfigured(false));
    return () => {
      live = false;
    };
  }, [client, wanted]);
  return configured;
}
const TITLES = { add: 'Add user', edit: 'Edit user', password: 'Reset password' } as const;

/** Sends the form; resolves to the errors to show (none when saved). */
async function save(client: ApiClient, mode: UserModalMode, form: UserForm): Promise<Errors> {
  try {
    if (mode.kind === 'add') await client.post(USERS, userPayload(form, true));
    else if (mode.kind === 'edit') await client.put(`${USERS}${mode.row.id}`, userPayload(form, false));
    else await client.put(`${USERS}${mode.row.id}`, { password: form.password });
    return {};
  } catch (failure) {
    const message = serverMessage(failure);
    return { [fieldOfError(message) ?? 'form']: message };
  }
}

/**
 * The user dialog (Settings → List Users): username, names, e-mail, roles, active and, for a new user, the
 * password; or only a new password. When the server has a single sign-on provider, a new user's password
 * may be left empty: the user signs in through the provider only. A server refusal (weak password,
 * duplicate name, unknown role) shows on the field it names, anything else above the form.
 */
export function UserModal({ client, mode, onHide, onSaved }: UserModalProps) {
  const [form, setForm] = useState<UserForm>(() => (mode.kind === 'add' ? emptyUserForm() : userFormOf(mode.row)));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const id = useId();
  const loadRoles = useMemo(() => relatedOptions(client, `${USERS}related/roles`), [client]);
  const chosenRoles = mode.kind === 'add' ? [] : mode.row.roles.map((r) => ({ value: r.id, label: r.name }));
  const set = (patch: Partial<UserForm>) => setForm((f) => ({ ...f, ...patch }));
  const sso = useSsoConfigured(client, mode.kind === 'add') === true;
  const ssoOnly = mode.kind === 'add' && sso && form.password === '';

  const submit = async () => {
    setSaving(true);
    const found = await save(client, mode, form);
    setSaving(false);
    setErrors(found);
    if (Object.keys(found).length === 0) onSaved(form.username);
  };

  const text = (field: 'username' | 'first_name' | 'last_name' | 'email', label: string) => (
    <Field id={`${id}-${field}`} label={label} required error={errors[field]}>
      <input id={`${id}-${field}`} type="text" value={form[field]} aria-invalid={Boolean(errors[field])} aria-describedby={errors[field] ? `${id}-${field}-error` : undefined} onChange={(e) => set({ [field]: e.target.value })} />
    </Field>
  );
  const describedBy = [errors.password && `${id}-password-error`, ssoOnly && `${id}-password-hint`].filter(Boolean).join(' ') || undefined;
  const password = (
    <Field id={`${id}-password`} label={mode.kind === 'password' ? 'New password' : 'Password'} required={!(mode.kind === 'add' && sso)} error={errors.password}>
      <input id={`${id}-password`} type="password" autoComplete="new-password" value={form.password} aria-invalid={Boolean(errors.password)} aria-describedby={describedBy} onChange={(e) => set({ password: e.target.value })} />
      {ssoOnly && (
        <p className="bi-field-hint" id={`${id}-password-hint`} style={HINT_STYLE}>
          Signs in with single sign-on (no Lumen password). Enter one to allow the password form too.
        </p>
      )}
    </Field>
  );

  return (
    <Modal title={mode.kind === 'add' ? TITLES.add : `${TITLES[mode.kind]}: ${mode.row.username}`} show onHide={onHide} onOk={() => void submit()} okText="Save" okDisabled={saving}>
      <form className="bi-user-form" onSubmit={(e) => (e.preventDefault(), void submit())}>
        {errors.form && (
          <p className="bi-field-error" role="alert">
            {errors.form}
          </p>
        )}
        {mode.kind === 'password' ? (
          password
        ) : (
          <>
            {text('username', 'Username')}
            {text('first_name', 'First name')}
            {text('last_name', 'Last name')}
            {text('email', 'E-mail')}
            <Field id={`${id}-roles`} label="Roles" required>
              <Select label="Roles" multi options={chosenRoles} loadOptions={loadRoles} value={form.roles} onChange={(v) => set({ roles: Array.isArray(v) ? (v as number[]) : [] })} placeholder="Search roles" error={errors.roles} />
            </Field>
            <label className="bi-form-check">
              <input type="checkbox" checked={form.active} onChange={(e) => set({ active: e.target.checked })} /> Active
            </label>
            {errors.active && <p className="bi-field-error" role="alert">{errors.active}</p>}
            {mode.kind === 'add' && password}
          </>
        )}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
