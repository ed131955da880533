import { useId, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { optionKey, splitPastedText, textToValues, type SelectOption } from './select-values';

export interface SelectProps {
  /** Accessible name of the combobox (the control's label). */
  label: string;
  options: readonly SelectOption[];
  value: unknown;
  onChange(value: unknown): void;
  multi?: boolean;
  /** Accept values that are not among the options (typed or pasted). */
  freeForm?: boolean;
  placeholder?: string;
  /** Label of the option offered for typed text in free-form selects; defaults to the text. */
  createLabel?: (text: string) => string;
  disabled?: boolean;
  /** Shown under the dropdown (a server error, spec 1 §8). */
  error?: string | null;
}

/**
 * A searchable select: type to filter, Enter or click to pick, Backspace on an empty input removes the
 * last chip. Pasting splits on comma, CRLF, newline, tab and semicolon (spec 1 §5); without `freeForm`,
 * pasted or typed values not among the options are dropped.
 *
 * @example
 * <Select label="Group by" multi options={columns} value={groupby} onChange={setGroupby} />
 */
export function Select({ label, options, value, onChange, multi = false, freeForm = false, placeholder, createLabel, disabled, error }: SelectProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const selected = useMemo<unknown[]>(() => (multi ? (Array.isArray(value) ? value : value == null ? [] : [value]) : value == null ? [] : [value]), [value, multi]);
  const selectedKeys = new Set(selected.map(optionKey));
  const labelOf = (v: unknown) => options.find((o) => optionKey(o.value) === optionKey(v))?.label ?? (typeof v === 'string' ? v : JSON.stringify(v));

  const needle = text.trim().toLowerCase();
  const visible = options.filter((o) => !(multi && selectedKeys.has(optionKey(o.value))) && (!needle || o.label.toLowerCase().includes(needle)));
  const exact = options.some((o) => o.label.toLowerCase() === needle);
  const offerCreate = freeForm && needle !== '' && !exact;
  const items: SelectOption[] = offerCreate ? [...visible, { value: text.trim(), label: createLabel ? createLabel(text.trim()) : text.trim() }] : visible;

  const commit = (values: unknown[]) => {
    if (values.length === 0) return;
    if (multi) {
      const next = [...selected];
      for (const v of values) if (!next.some((s) => optionKey(s) === optionKey(v))) next.push(v);
      onChange(next);
    } else {
      onChange(values[0]);
      setOpen(false);
    }
    setText('');
    setActive(0);
  };
  const remove = (v: unknown) => onChange(multi ? selected.filter((s) => optionKey(s) !== optionKey(v)) : null);

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    const parts = splitPastedText(pasted);
    // A single plain word is ordinary typing; only lists are turned into values.
    if (!multi || parts.length < 2) return;
    event.preventDefault();
    commit(textToValues(parts, options, freeForm));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(a + 1, items.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const item = items[active] ?? items[0];
      if (item) commit([item.value]);
      else commit(textToValues([text.trim()].filter(Boolean), options, freeForm));
    } else if (event.key === 'Escape') {
      setOpen(false);
    } else if (event.key === 'Backspace' && text === '' && multi && selected.length) {
      remove(selected[selected.length - 1]);
    }
  };

  const listId = `${id}-list`;
  return (
    <div className={`bi-select${disabled ? ' bi-select--disabled' : ''}`}>
      <div className="bi-select__box" onClick={() => inputRef.current?.focus()}>
        {multi &&
          selected.map((v) => (
            <span className="bi-chip" key={optionKey(v)}>
              {labelOf(v)}
              <button type="button" className="bi-chip__remove" aria-label={`Remove ${labelOf(v)}`} onClick={() => remove(v)} disabled={disabled}>
                ×
              </button>
            </span>
          ))}
        <input
          ref={inputRef}
          role="combobox"
          aria-label={label}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          className="bi-select__input"
          data-value={!multi && selected.length ? labelOf(selected[0]) : undefined}
          disabled={disabled}
          value={text}
          placeholder={!multi && selected.length ? labelOf(selected[0]) : selected.length ? '' : (placeholder ?? 'Select…')}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={() => setOpen(true)}
          // Delay so a click on an option lands before the list closes.
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onPaste={onPaste}
          onKeyDown={onKeyDown}
        />
      </div>
      {open && !disabled && (
        <ul className="bi-select__list" role="listbox" id={listId} aria-label={label}>
          {items.length === 0 && <li className="bi-select__empty">No data</li>}
          {items.map((item, index) => (
            <li
              key={optionKey(item.value) + index}
              role="option"
              aria-selected={selectedKeys.has(optionKey(item.value))}
              className={`bi-select__option${index === active ? ' bi-select__option--active' : ''}`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => commit([item.value])}
            >
              {item.label}
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="bi-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
