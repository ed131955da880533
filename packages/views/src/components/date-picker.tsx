import { CalendarDays } from './icons';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Calendar } from './calendar';
import { parseIsoDate } from './calendar-dates';
import { followAnchor } from './popover-position';
import { Portal } from './portal';

const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

export const INVALID_DATE_MESSAGE = 'Enter a date as YYYY-MM-DD';

export interface DatePickerProps {
  /** Visible label of the field. */
  label: string;
  /** The date ('YYYY-MM-DD'), or '' when none. */
  value: string;
  onChange(iso: string): void;
}

/**
 * A date field: a text box taking an ISO date, and a button opening a calendar popover (a non-modal
 * dialog in a portal, so no overflow clips it). The calendar takes focus on the chosen day; picking a
 * day or pressing Escape closes it and returns focus to the button; a press outside closes it.
 *
 * @example
 * <DatePicker label="Start" value="2021-01-01" onChange={setStart} />
 */
export function DatePicker({ label, value, onChange }: DatePickerProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(value);
  const button = useRef<HTMLButtonElement>(null);
  const inputId = useId();
  const errorId = useId();
  useEffect(() => setText(value), [value]);
  const invalid = text.trim() !== '' && parseIsoDate(text) === null;

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  return (
    <div className="bi-date-picker">
      <label className="bi-field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="bi-date-picker__row">
        <input
          id={inputId}
          className="bi-input"
          value={text}
          placeholder="YYYY-MM-DD"
          inputMode="numeric"
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => {
            const next = event.target.value;
            setText(next);
            if (next.trim() === '' || parseIsoDate(next)) onChange(next.trim());
          }}
        />
        <button
          ref={button}
          type="button"
          className="bi-icon-button bi-date-picker__toggle"
          aria-label={`Choose ${label.toLowerCase()} date`}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          <CalendarDays size={16} aria-hidden="true" />
        </button>
      </div>
      {invalid && (
        <p id={errorId} className="bi-field-error">
          {INVALID_DATE_MESSAGE}
        </p>
      )}
      {open && (
        <Portal>
          <CalendarPopover
            label={`Choose ${label.toLowerCase()} date`}
            value={parseIsoDate(value) ? value : null}
            anchor={button.current!}
            onPick={(iso) => {
              onChange(iso);
              close(true);
            }}
            onClose={close}
          />
        </Portal>
      )}
    </div>
  );
}

interface CalendarPopoverProps {
  label: string;
  value: string | null;
  anchor: HTMLElement;
  onPick(iso: string): void;
  onClose(returnFocus: boolean): void;
}

/** The floating dialog around a Calendar: placed against its button, closed by Escape or a press outside. */
function CalendarPopover({ label, value, anchor, onPick, onClose }: CalendarPopoverProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useIsomorphicLayoutEffect(() => {
    const element = dialog.current!;
    const stopFollowing = followAnchor(element, anchor);
    const doc = element.ownerDocument;
    const onPointerDown = (event: Event) => {
      const path = event.composedPath();
      if (!path.includes(element) && !path.includes(anchor)) closeRef.current(false);
    };
    doc.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      stopFollowing();
      doc.removeEventListener('pointerdown', onPointerDown, true);
    };
  }, [anchor]);

  return (
    <div
      ref={dialog}
      role="dialog"
      aria-label={label}
      className="bi-popover bi-date-popover"
      style={{ top: 0, left: 0, visibility: 'hidden' }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // Handled here so a surrounding modal does not close as well.
        event.preventDefault();
        event.stopPropagation();
        onClose(true);
      }}
    >
      <Calendar value={value} onPick={onPick} autoFocus />
    </div>
  );
}
