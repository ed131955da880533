import type { ApiClient } from '@lumen-bi/core';
import { useId, useState } from 'react';
import { FormField } from './form-field';
import { fieldOfNameError, saveNames, type NameFields, type Profile } from './profile-data';
import { serverMessage } from './server-message';

export interface ProfileNameFormProps {
  client: ApiClient;
  profile: Profile;
  onSaved(profile: Profile): void;
}

type Errors = Partial<Record<keyof NameFields | 'form', string>>;

const LABELS: Record<keyof NameFields, string> = { first_name: 'First name', last_name: 'Last name', email: 'E-mail' };

/** First name, last name and e-mail, saved together; Save is offered once something changed. */
export function ProfileNameForm({ client, profile, onSaved }: ProfileNameFormProps) {
  const [form, setForm] = useState<NameFields>({ first_name: profile.first_name, last_name: profile.last_name, email: profile.email });
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const id = useId();
  const changed = (Object.keys(LABELS) as (keyof NameFields)[]).some((field) => form[field] !== profile[field]);

  const submit = async () => {
    setSaving(true);
    try {
      const saved = await saveNames(client, form);
      setErrors({});
      setForm({ first_name: saved.first_name, last_name: saved.last_name, email: saved.email });
      onSaved(saved);
    } catch (failure) {
      const message = serverMessage(failure);
      setErrors({ [fieldOfNameError(message) ?? 'form']: message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="bi-profile__form" aria-label="Name and e-mail" onSubmit={(e) => (e.preventDefault(), void submit())}>
      {errors.form && (
        <p className="bi-field-error" role="alert">
          {errors.form}
        </p>
      )}
      {(Object.keys(LABELS) as (keyof NameFields)[]).map((field) => (
        <FormField key={field} id={`${id}-${field}`} label={LABELS[field]} required error={errors[field]}>
          <input
            id={`${id}-${field}`}
            type={field === 'email' ? 'email' : 'text'}
            autoComplete={field === 'email' ? 'email' : field === 'first_name' ? 'given-name' : 'family-name'}
            value={form[field]}
            aria-invalid={Boolean(errors[field])}
            aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
            onChange={(e) => setForm((f) => ({ ...f, [field]: e.target.value }))}
          />
        </FormField>
      ))}
      <button type="submit" className="bi-button bi-button--primary" disabled={!changed || saving}>
        Save
      </button>
    </form>
  );
}
