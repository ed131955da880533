import type { ApiClient } from '@lumen-bi/core';
import { useId, useState } from 'react';
import { Modal } from '../components/modal';
import { FormField } from '../security/form-field';
import { annotationBody, annotationFormOf, fieldErrorsOf, layerPath, type AnnotationForm, type AnnotationRow } from './annotation-form';

export interface AnnotationModalProps {
  client: ApiClient;
  layerId: number;
  /** The annotation to edit; null adds one. */
  row: AnnotationRow | null;
  onHide(): void;
  onSaved(shortDescr: string): void;
}

type Field = keyof AnnotationForm;

const END_BEFORE_START = 'End date must be after start date';

/** Checks the browser can make before sending: the server checks them again and more (uniqueness). */
function localErrors(form: AnnotationForm): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!form.short_descr.trim()) errors.short_descr = 'Short description is required';
  if (!form.start_dttm) errors.start_dttm = 'Start date is required';
  // Under End, the field a newcomer changes to fix it (the server words it the same, under start_dttm).
  else if (form.end_dttm && form.end_dttm < form.start_dttm) errors.end_dttm = END_BEFORE_START;
  if (form.json_metadata.trim()) {
    try {
      JSON.parse(form.json_metadata);
    } catch {
      errors.json_metadata = 'JSON not valid';
    }
  }
  return errors;
}

/**
 * The annotation dialog: short description (required, unique in the layer), long description, start and
 * end (date and time, UTC; no end makes an event at the start) and JSON metadata. Refusals show under the
 * field they concern, the server's as it words them.
 */
export function AnnotationModal({ client, layerId, row, onHide, onSaved }: AnnotationModalProps) {
  const [form, setForm] = useState<AnnotationForm>(() => annotationFormOf(row));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const id = useId();
  /** Edits fields and drops the refusals shown under them (and the form's), which no longer apply. */
  const set = (patch: Partial<AnnotationForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const field of [...Object.keys(patch), 'form']) delete next[field];
      // An end before the start is about both times: changing either may settle it.
      if ('start_dttm' in patch || 'end_dttm' in patch) for (const field of ['start_dttm', 'end_dttm']) if (next[field] === END_BEFORE_START) delete next[field];
      return next;
    });
  };
  const described = (field: Field) => ({ 'aria-invalid': Boolean(errors[field]), 'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined });

  const submit = async () => {
    const local = localErrors(form);
    if (Object.keys(local).length) return setErrors(local as Record<string, string>);
    setSaving(true);
    try {
      const body = annotationBody(form);
      if (row) await client.put(`${layerPath(layerId)}${row.id}`, body);
      else await client.post(layerPath(layerId), body);
      onSaved(body.short_descr as string);
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title={row ? `Edit annotation: ${row.short_descr}` : 'Add annotation'} show onHide={onHide} onOk={() => void submit()} okText={row ? 'Save' : 'Add'} okDisabled={saving} className="bi-annotation-dialog">
      {errors.form && (
        <p className="bi-field-error" role="alert">
          {errors.form}
        </p>
      )}
      <FormField id={`${id}-short_descr`} label="Short description" required error={errors.short_descr}>
        <input id={`${id}-short_descr`} type="text" maxLength={500} value={form.short_descr} {...described('short_descr')} onChange={(e) => set({ short_descr: e.target.value })} />
      </FormField>
      <FormField id={`${id}-start_dttm`} label="Start (UTC)" required error={errors.start_dttm}>
        <input id={`${id}-start_dttm`} type="datetime-local" value={form.start_dttm} {...described('start_dttm')} onChange={(e) => set({ start_dttm: e.target.value })} />
      </FormField>
      <FormField id={`${id}-end_dttm`} label="End (UTC)" error={errors.end_dttm}>
        <input id={`${id}-end_dttm`} type="datetime-local" value={form.end_dttm} {...described('end_dttm')} onChange={(e) => set({ end_dttm: e.target.value })} />
      </FormField>
      <FormField id={`${id}-long_descr`} label="Long description" error={errors.long_descr}>
        <textarea id={`${id}-long_descr`} rows={3} value={form.long_descr} {...described('long_descr')} onChange={(e) => set({ long_descr: e.target.value })} />
      </FormField>
      <FormField id={`${id}-json_metadata`} label="JSON metadata" error={errors.json_metadata}>
        <textarea id={`${id}-json_metadata`} rows={3} className="bi-rls-clause" value={form.json_metadata} {...described('json_metadata')} onChange={(e) => set({ json_metadata: e.target.value })} placeholder='{"color": "#ff0000"}' />
      </FormField>
    </Modal>
  );
}
