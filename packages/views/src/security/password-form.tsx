import type { ApiClient } from '@lumen-bi/core';
import { useId, useState } from 'react';
import { FormField } from './form-field';
import { changePassword, emptyPasswordForm, fieldOfPasswordError, PASSWORDS_DIFFER, type PasswordField, type PasswordForm as Form } from './profile-data';
import { serverMessage } from './server-message';

export interface PasswordFormProps {
  client: ApiClient;
  /** Called after the server took the new password (the user's other sessions are ended). */
  onChanged(): void;
}

/** The server's policy (security-api/password-policy.ts) in brief; its refusal names the rule broken. */
const POLICY_HINT = 'At least 10 characters; not a common password, a sequence, or your own name, username or e-mail.';

type Errors = Partial<Record<PasswordField | 'form', string>>;

const FIELDS: readonly [PasswordField, string, string][] = [
  ['current_password', 'Current password', 'current-password'],
  ['new_password', 'New password', 'new-password'],
  ['confirm_password', 'Confirm new password', 'new-password'],
];

/**
 * Change password: the current password, the new one and its confirmation. The server's password policy
 * words its refusal ('Password is too weak: ...'), shown under the new password; a wrong current password
 * shows under that field.
 */
export function PasswordForm({ client, onChanged }: PasswordFormProps) {
  const [form, setForm] = useState<Form>(emptyPasswordForm);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const id = useId();
  const complete = FIELDS.every(([field]) => form[field] !== '');

  const submit = async () => {
    if (form.new_password !== form.confirm_password) return setErrors({ confirm_password: PASSWORDS_DIFFER });
    setSaving(true);
    try {
      await changePassword(client, form);
      setErrors({});
      setForm(emptyPasswordForm());
      onChanged();
    } catch (failure) {
      const message = serverMessage(failure);
      setErrors({ [fieldOfPasswordError(message) ?? 'form']: message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="bi-profile__form" aria-label="Change password" onSubmit={(e) => (e.preventDefault(), void submit())}>
      {errors.form && (
        <p className="bi-field-error" role="alert">
          {errors.form}
        </p>
      )}
      {FIELDS.map(([field, label, autoComplete]) => (
        <FormField key={field} id={`${id}-${field}`} label={label} required error={errors[field]}>
          <input
            id={`${id}-${field}`}
            type="password"
            autoComplete={autoComplete}
            value={form[field]}
            aria-invalid={Boolean(errors[field])}
            aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
            onChange={(e) => setForm((f) => ({ ...f, [field]: e.target.value }))}
          />
          {field === 'new_password' && !errors.new_password && <small className="bi-form-field__hint">{POLICY_HINT}</small>}
        </FormField>
      ))}
      <button type="submit" className="bi-button bi-button--primary" disabled={!complete || saving}>
        Change password
      </button>
    </form>
  );
}
