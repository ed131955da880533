import { ClientError } from '@lumen-bi/core';
import type { ListUser } from '../lists/list-cells';
import { serverMessage } from '../security/server-message';

/**
 * The Annotation Layers screens' rows and forms: what GET /api/v1/annotation_layer/ and
 * /api/v1/annotation_layer/{id}/annotation/ answer, the bodies their POST/PUT take, and the server's
 * per-field refusals shown under each field.
 */
export interface AnnotationLayerRow extends Record<string, unknown> {
  id: number;
  name: string;
  descr?: string | null;
  created_by?: ListUser | null;
  changed_by?: ListUser | null;
  changed_on_delta_humanized?: string;
}

export interface AnnotationRow extends Record<string, unknown> {
  id: number;
  short_descr: string;
  long_descr?: string | null;
  start_dttm?: string | null;
  end_dttm?: string | null;
  json_metadata?: string | null;
}

export const layerPath = (layerId: number) => `/api/v1/annotation_layer/${layerId}/annotation/`;
/** The per-layer page, at the incumbent's address. */
export const annotationsHref = (layerId: number) => `/annotationlayer/${layerId}/annotation/`;

export interface LayerForm {
  name: string;
  descr: string;
}

export interface AnnotationForm {
  short_descr: string;
  long_descr: string;
  /** `YYYY-MM-DDTHH:MM` (a datetime-local input's value), UTC as the server reads a time without zone. */
  start_dttm: string;
  end_dttm: string;
  json_metadata: string;
}

/** `2024-03-01T09:30:00` (as answered) to `2024-03-01T09:30` (a datetime-local value); '' for none. */
export const inputDatetime = (value: string | null | undefined): string => (value ? value.slice(0, 16) : '');

export const annotationFormOf = (row: AnnotationRow | null): AnnotationForm => ({
  short_descr: row?.short_descr ?? '',
  long_descr: row?.long_descr ?? '',
  start_dttm: inputDatetime(row?.start_dttm),
  end_dttm: inputDatetime(row?.end_dttm),
  json_metadata: row?.json_metadata ?? '',
});

/**
 * The body sent: times with seconds (the server's ISO form), an empty end as the start (an event), empty
 * texts as null so they are cleared rather than stored blank.
 */
export function annotationBody(form: AnnotationForm): Record<string, unknown> {
  const start = form.start_dttm ? `${form.start_dttm}:00` : '';
  return {
    short_descr: form.short_descr.trim(),
    long_descr: form.long_descr.trim() || null,
    start_dttm: start,
    end_dttm: form.end_dttm ? `${form.end_dttm}:00` : start,
    json_metadata: form.json_metadata.trim() || null,
  };
}

/**
 * The server's refusal by field: the incumbent's `{message: {field: [...]}}` gives each field its first
 * message; any other refusal is the form's.
 */
export function fieldErrorsOf(failure: unknown): Record<string, string> {
  const body = failure instanceof ClientError ? (failure.body as { message?: unknown } | undefined) : undefined;
  const perField = body?.message;
  if (perField && typeof perField === 'object' && !Array.isArray(perField)) {
    const out: Record<string, string> = {};
    for (const [field, messages] of Object.entries(perField as Record<string, unknown>)) {
      const first = Array.isArray(messages) ? messages[0] : messages;
      if (typeof first === 'string') out[field] = first;
    }
    if (Object.keys(out).length) return out;
  }
  return { form: serverMessage(failure) };
}

/**
 * The annotation dialogs' own styles: a refusal under a field in the error colour's text tint, which reads at
 * WCAG AA on the dialog in both themes (the plain error colour is 4.1:1 on white); at narrow widths the
 * header's buttons keep their labels on one line and move under the title instead of breaking
 * ('+ / Annotation' at 800 px).
 */
export const ANNOTATION_CSS = `
.bi-annotation-dialog .bi-field-error { color: var(--bi-color-error-dark); }
.bi-annotation-screen .bi-list__header { flex-wrap: wrap; }
.bi-annotation-screen .bi-list__header-actions { flex-wrap: wrap; }
.bi-annotation-screen .bi-list__header-actions .bi-button { white-space: nowrap; }
`;
