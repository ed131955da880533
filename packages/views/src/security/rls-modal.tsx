import type { ApiClient } from '@lumen-bi/core';
import { useId, useMemo, useState } from 'react';
import { Modal } from '../components/modal';
import { Select } from '../components/select';
import { FormField } from './form-field';
import { relatedOptions } from './related-options';
import { emptyRlsForm, fieldOfRlsError, rlsFormOf, tableLabel, type RlsField, type RlsForm, type RlsRow } from './rls-form';
import { serverMessage } from './server-message';

export const RLS_PATH = '/api/v1/rowlevelsecurity/';

export interface RlsModalProps {
  client: ApiClient;
  /** The rule to edit; null adds one. */
  row: RlsRow | null;
  onHide(): void;
  onSaved(name: string): void;
}

type Errors = Partial<Record<RlsField | 'form', string>>;

const numbers = (value: unknown): number[] => (Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : []);

/** Sends the form; resolves to the errors to show (none when saved). */
async function save(client: ApiClient, row: RlsRow | null, form: RlsForm): Promise<Errors> {
  try {
    if (row) await client.put(`${RLS_PATH}${row.id}`, form);
    else await client.post(RLS_PATH, form);
    return {};
  } catch (failure) {
    const message = serverMessage(failure);
    return { [fieldOfRlsError(message) ?? 'form']: message };
  }
}

/**
 * The row-level security rule dialog: name, filter type (Regular applies to the chosen roles, Base to
 * everyone else), datasets and roles (server-side pickers), group key, the SQL clause and a description.
 * A clause the dataset's parser rejects shows the server's message under the clause.
 */
export function RlsModal({ client, row, onHide, onSaved }: RlsModalProps) {
  const [form, setForm] = useState<RlsForm>(() => (row ? rlsFormOf(row) : emptyRlsForm()));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const id = useId();
  const loadTables = useMemo(() => relatedOptions(client, `${RLS_PATH}related/tables`), [client]);
  const loadRoles = useMemo(() => relatedOptions(client, `${RLS_PATH}related/roles`), [client]);
  const set = (patch: Partial<RlsForm>) => setForm((f) => ({ ...f, ...patch }));
  const described = (field: RlsField) => ({ 'aria-invalid': Boolean(errors[field]), 'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined });

  const submit = async () => {
    setSaving(true);
    const found = await save(client, row, form);
    setSaving(false);
    setErrors(found);
    if (Object.keys(found).length === 0) onSaved(form.name);
  };

  return (
    <Modal title={row ? `Edit rule: ${row.name}` : 'Add rule'} show onHide={onHide} onOk={() => void submit()} okText="Save" okDisabled={saving}>
      {errors.form && (
        <p className="bi-field-error" role="alert">
          {errors.form}
        </p>
      )}
      <FormField id={`${id}-name`} label="Name" required error={errors.name}>
        <input id={`${id}-name`} type="text" value={form.name} {...described('name')} onChange={(e) => set({ name: e.target.value })} />
      </FormField>
      <FormField id={`${id}-filter_type`} label="Filter type" required error={errors.filter_type}>
        <select id={`${id}-filter_type`} value={form.filter_type} {...described('filter_type')} onChange={(e) => set({ filter_type: e.target.value as RlsForm['filter_type'] })}>
          <option value="Regular">Regular: applies to the roles below</option>
          <option value="Base">Base: applies to everyone except the roles below</option>
        </select>
      </FormField>
      <FormField id={`${id}-tables`} label="Datasets" required>
        <Select label="Datasets" multi options={(row?.tables ?? []).map((t) => ({ value: t.id, label: tableLabel(t) }))} loadOptions={loadTables} value={form.tables} onChange={(v) => set({ tables: numbers(v) })} placeholder="Search datasets" error={errors.tables} />
      </FormField>
      <FormField id={`${id}-roles`} label="Roles">
        <Select label="Roles" multi options={(row?.roles ?? []).map((r) => ({ value: r.id, label: r.name }))} loadOptions={loadRoles} value={form.roles} onChange={(v) => set({ roles: numbers(v) })} placeholder="Search roles" error={errors.roles} />
      </FormField>
      <FormField id={`${id}-group_key`} label="Group key" error={errors.group_key}>
        <input id={`${id}-group_key`} type="text" value={form.group_key} {...described('group_key')} onChange={(e) => set({ group_key: e.target.value })} />
      </FormField>
      <FormField id={`${id}-clause`} label="Clause" required error={errors.clause}>
        <textarea id={`${id}-clause`} rows={3} className="bi-rls-clause" value={form.clause} {...described('clause')} onChange={(e) => set({ clause: e.target.value })} placeholder="region = 'North'" />
      </FormField>
      <FormField id={`${id}-description`} label="Description">
        <textarea id={`${id}-description`} rows={2} value={form.description} onChange={(e) => set({ description: e.target.value })} />
      </FormField>
    </Modal>
  );
}
