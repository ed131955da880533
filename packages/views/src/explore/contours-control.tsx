/**
 * deck_contour's contours control: the saved contours listed (colour, isoline or isoband, stroke width),
 * each added or edited in a small form that only saves a valid contour, and removable. The colour is the
 * same picker as Explore's other colour controls (an rgba object saved).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { ColorPickerControl, colorToHex } from './color-picker-control';
import { asContours, contourToDraft, describeContour, draftToContour, type ContourDraft, type ContourErrors, type SavedContour } from './contours-rules';
import { FieldError } from './field-error';

export interface ContoursControlProps {
  label: string;
  value: unknown;
  onChange(contours: Array<Record<string, unknown> | SavedContour>): void;
}

interface ContourEditorProps {
  initial: ContourDraft;
  isNew: boolean;
  onApply(contour: SavedContour): void;
  onCancel(): void;
}

/** One contour's form: nothing is saved until it validates; each wrong field says what is wrong. */
function ContourEditor({ initial, isNew, onApply, onCancel }: ContourEditorProps) {
  const uid = useId();
  const first = useRef<HTMLInputElement>(null);
  // Opened by keyboard or pointer, the form takes the focus: its first field.
  useEffect(() => first.current?.focus(), []);
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<ContourErrors>({});
  const errorId = (field: keyof ContourDraft) => `${uid}-${field}-error`;
  const invalid = (field: keyof ContourDraft) => ({ 'aria-invalid': Boolean(errors[field]), 'aria-describedby': errors[field] ? errorId(field) : undefined });
  const set = (patch: Partial<ContourDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const apply = () => {
    const { contour, errors: found } = draftToContour(draft);
    setErrors(found);
    if (contour) onApply(contour);
  };
  const field = (name: 'lowerThreshold' | 'upperThreshold' | 'strokeWidth', label: string, hint?: string) => (
    <label className="bi-cf-editor__field">
      {label}
      <input
        ref={name === 'lowerThreshold' ? first : undefined}
        className="bi-input"
        inputMode="decimal"
        aria-label={label}
        placeholder={hint}
        {...invalid(name)}
        value={draft[name]}
        onChange={(e) => set({ [name]: e.target.value })}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          // No keypress follows: it would reach 'Add contour', focused once the form closes, and open a new form.
          e.preventDefault();
          apply();
        }}
      />
      <FieldError id={errorId(name)} message={errors[name]} />
    </label>
  );
  const kind = draft.upperThreshold.trim() === '' ? 'Isoline: the line where the cell weight crosses the lower threshold' : 'Isoband: the area between the lower and upper thresholds';
  return (
    <div
      className="bi-popover bi-cf-editor bi-contour-editor"
      role="group"
      aria-label={isNew ? 'New contour' : 'Edit contour'}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onCancel();
        }
      }}
    >
      {field('lowerThreshold', 'Lower threshold')}
      {field('upperThreshold', 'Upper threshold', 'Optional: empty draws an isoline')}
      <p className="bi-cf__hint">{kind}</p>
      <label className="bi-cf-editor__field">
        Color
        <span className="bi-contour-editor__color">
          <ColorPickerControl label="Contour color" value={draft.color} onChange={(color) => set({ color })} />
          <code>{colorToHex(draft.color) ?? '—'}</code>
        </span>
        <FieldError id={errorId('color')} message={errors.color} />
      </label>
      {field('strokeWidth', 'Stroke width')}
      <div className="bi-popover__actions">
        <button type="button" className="bi-button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="bi-button bi-button--primary" onClick={apply}>
          {isNew ? 'Add' : 'Apply'}
        </button>
      </div>
    </div>
  );
}

/**
 * @example
 * <ContoursControl label="Contours" value={fd.contours} onChange={(contours) => set('contours', contours)} />
 */
export function ContoursControl({ label, value, onChange }: ContoursControlProps) {
  const contours = asContours(value);
  // Index of the contour being edited; contours.length means a new one.
  const [editing, setEditing] = useState<number | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // A closed form (applied, cancelled, Escape) gives the focus back to the control, not to the page.
  useEffect(() => {
    if (wasEditing.current && editing === null) addButton.current?.focus();
    wasEditing.current = editing !== null;
  }, [editing]);
  const save = (contour: SavedContour) => {
    const next = editing === null || editing >= contours.length ? [...contours, contour] : contours.map((c, i) => (i === editing ? contour : c));
    onChange(next);
    setEditing(null);
  };
  return (
    <div className="bi-cf bi-contours" aria-label={label} role="group">
      {contours.length > 0 ? (
        <ul className="bi-cf__rules" aria-label={`${label} list`}>
          {contours.map((contour, i) => {
            const name = `contour ${i + 1}: ${describeContour(contour)}`;
            return (
              <li key={`${i}-${String(contour.lowerThreshold)}-${String(contour.upperThreshold)}`} className="bi-cf__rule">
                <span className="bi-cf-swatch" style={{ background: colorToHex(contour.color) ?? 'transparent' }} aria-hidden="true" />
                <span className="bi-cf__summary">{describeContour(contour)}</span>
                <button type="button" className="bi-button" aria-label={`Edit ${name}`} onClick={() => setEditing(i)}>
                  Edit
                </button>
                <button type="button" className="bi-button" aria-label={`Remove ${name}`} onClick={() => onChange(contours.filter((_, j) => j !== i))}>
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        editing === null && <p className="bi-cf__hint">No contours: the chart draws decade bands (1, 10, 100, 1000) on the linear colour scheme.</p>
      )}
      {editing !== null ? (
        <ContourEditor key={editing} isNew={editing >= contours.length} initial={contourToDraft(contours[editing] ?? null)} onApply={save} onCancel={() => setEditing(null)} />
      ) : (
        <button ref={addButton} type="button" className="bi-button" onClick={() => setEditing(contours.length)}>
          Add contour
        </button>
      )}
    </div>
  );
}
