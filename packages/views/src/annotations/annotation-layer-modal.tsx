import type { ApiClient } from '@lumen-bi/core';
import { useId, useState } from 'react';
import { Modal } from '../components/modal';
import { FormField } from '../security/form-field';
import { fieldErrorsOf, type AnnotationLayerRow, type LayerForm } from './annotation-form';

export const LAYER_PATH = '/api/v1/annotation_layer/';

export interface AnnotationLayerModalProps {
  client: ApiClient;
  /** The layer to edit; null adds one. */
  row: AnnotationLayerRow | null;
  onHide(): void;
  onSaved(name: string): void;
}

/**
 * The '+ Annotation Layer' dialog (and Edit): a name (required, unique) and a description. The server's
 * refusal shows under the field it names ('Name must be unique').
 */
export function AnnotationLayerModal({ client, row, onHide, onSaved }: AnnotationLayerModalProps) {
  const [form, setForm] = useState<LayerForm>({ name: row?.name ?? '', descr: row?.descr ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const id = useId();
  /** Edits a field and drops the refusal shown under it (and the form's), which no longer applies. */
  const edit = (field: keyof LayerForm, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((current) => {
      const next = { ...current };
      delete next[field];
      delete next.form;
      return next;
    });
  };
  const described = (field: string) => ({ 'aria-invalid': Boolean(errors[field]), 'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined });

  const submit = async () => {
    if (!form.name.trim()) return setErrors({ name: 'Name is required' });
    setSaving(true);
    try {
      const body = { name: form.name.trim(), descr: form.descr };
      if (row) await client.put(`${LAYER_PATH}${row.id}`, body);
      else await client.post(LAYER_PATH, body);
      onSaved(body.name);
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title={row ? `Edit annotation layer: ${row.name}` : 'Add annotation layer'} show onHide={onHide} onOk={() => void submit()} okText={row ? 'Save' : 'Add'} okDisabled={saving} className="bi-annotation-dialog">
      {errors.form && (
        <p className="bi-field-error" role="alert">
          {errors.form}
        </p>
      )}
      <FormField id={`${id}-name`} label="Annotation layer name" required error={errors.name}>
        <input id={`${id}-name`} type="text" maxLength={250} value={form.name} {...described('name')} onChange={(e) => edit('name', e.target.value)} />
      </FormField>
      <FormField id={`${id}-descr`} label="Description" error={errors.descr}>
        <textarea id={`${id}-descr`} rows={3} value={form.descr} {...described('descr')} onChange={(e) => edit('descr', e.target.value)} />
      </FormField>
    </Modal>
  );
}
