import { useId } from 'react';
import { parseExtra, withExtra } from './dataset-payload';

export interface CertificationFieldsProps {
  /** The item's `extra` JSON text. */
  extra: string | null | undefined;
  onChange(extra: string | null): void;
  disabled?: boolean;
}

/** Certified by, certification details and warning markdown, kept inside `extra` (spec 2 §3). */
export function CertificationFields({ extra, onChange, disabled }: CertificationFieldsProps) {
  const id = useId();
  const parsed = parseExtra(extra);
  const by = parsed.certification?.certified_by ?? '';
  const details = parsed.certification?.details ?? '';
  const warning = parsed.warning_markdown ?? '';
  const set = (patch: { certified_by?: string; details?: string; warning_markdown?: string }) =>
    onChange(withExtra(extra, { certified_by: by, details, warning_markdown: warning, ...patch }));
  return (
    <div className="bi-certification">
      <div className="bi-form-field">
        <label htmlFor={`${id}-by`}>Certified by</label>
        <input id={`${id}-by`} type="text" value={by} disabled={disabled} onChange={(e) => set({ certified_by: e.target.value })} />
      </div>
      <div className="bi-form-field">
        <label htmlFor={`${id}-details`}>Certification details</label>
        <input id={`${id}-details`} type="text" value={details} disabled={disabled} onChange={(e) => set({ details: e.target.value })} />
      </div>
      <div className="bi-form-field">
        <label htmlFor={`${id}-warning`}>Warning</label>
        <textarea id={`${id}-warning`} rows={2} value={warning} disabled={disabled} onChange={(e) => set({ warning_markdown: e.target.value })} />
      </div>
    </div>
  );
}
