import { createIcon } from './icons';

const ChevronLeft = /* @__PURE__ */ createIcon('chevron-left', ['m15 18-6-6 6-6']);
const ChevronRight = /* @__PURE__ */ createIcon('chevron-right', ['m9 18 6-6-6-6']);
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { addDays, addMonths, monthWeeks, todayIso } from './calendar-dates';
import { calendarNames } from './calendar-names';
import { useTranslation } from '../i18n/locale-provider';

export interface CalendarProps {
  /** The chosen day ('YYYY-MM-DD'), marked aria-selected; null when none is chosen. */
  value: string | null;
  /** Called with the day picked by click, Enter or Space. */
  onPick(iso: string): void;
  /** Move focus into the grid when it first renders (the popover opening). */
  autoFocus?: boolean;
}

/** Keys that move the focused day, and by how much. */
const MOVES: Record<string, (iso: string) => string> = {
  ArrowLeft: (iso) => addDays(iso, -1),
  ArrowRight: (iso) => addDays(iso, 1),
  ArrowUp: (iso) => addDays(iso, -7),
  ArrowDown: (iso) => addDays(iso, 7),
  PageUp: (iso) => addMonths(iso, -1),
  PageDown: (iso) => addMonths(iso, 1),
};

/**
 * A month grid (WAI-ARIA date picker pattern): a table with role grid labelled by the month title, one
 * focusable day at a time (roving tabindex). Arrow keys move by a day or a week, PageUp/PageDown by a
 * month (with Shift, by a year), Home/End to the week's ends, Enter or Space picks the focused day.
 *
 * @example
 * <Calendar value="2021-03-01" onPick={(iso) => setStart(iso)} autoFocus />
 */
export function Calendar({ value, onPick, autoFocus = false }: CalendarProps) {
  const [focused, setFocused] = useState(value ?? todayIso());
  const moved = useRef(autoFocus);
  const grid = useRef<HTMLTableElement>(null);
  const titleId = useId();
  const weeks = monthWeeks(focused);
  const month = focused.slice(0, 7);
  const today = todayIso();
  // Month and weekday names in the LocaleProvider's locale.
  const names = calendarNames(useTranslation().locale);

  useEffect(() => {
    if (!moved.current) return;
    grid.current?.querySelector<HTMLElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused]);

  const moveTo = (iso: string) => {
    moved.current = true;
    setFocused(iso);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const weekday = weeks.flat().indexOf(focused) % 7;
    let next: string | null = null;
    if (event.key === 'PageUp' || event.key === 'PageDown') next = addMonths(focused, (event.key === 'PageUp' ? -1 : 1) * (event.shiftKey ? 12 : 1));
    else if (MOVES[event.key]) next = MOVES[event.key](focused);
    else if (event.key === 'Home') next = addDays(focused, -weekday);
    else if (event.key === 'End') next = addDays(focused, 6 - weekday);
    else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onPick(focused);
      return;
    }
    if (next) {
      event.preventDefault();
      moveTo(next);
    }
  };

  return (
    <div className="bi-calendar">
      <div className="bi-calendar__header">
        <button type="button" className="bi-icon-button" aria-label="Previous month" onClick={() => setFocused(addMonths(focused, -1))}>
          <ChevronLeft size={16} aria-hidden="true" />
        </button>
        <h2 id={titleId} className="bi-calendar__title" aria-live="polite">
          {names.monthTitle(focused)}
        </h2>
        <button type="button" className="bi-icon-button" aria-label="Next month" onClick={() => setFocused(addMonths(focused, 1))}>
          <ChevronRight size={16} aria-hidden="true" />
        </button>
      </div>
      <table ref={grid} role="grid" className="bi-calendar__grid" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {names.weekdays.map(({ short, long }) => (
              <th key={long} scope="col" abbr={long}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((iso) => (
                <td
                  key={iso}
                  role="gridcell"
                  data-date={iso}
                  className={`bi-calendar__day${iso.slice(0, 7) === month ? '' : ' bi-calendar__day--outside'}${iso === today ? ' bi-calendar__day--today' : ''}`}
                  tabIndex={iso === focused ? 0 : -1}
                  aria-selected={iso === value}
                  aria-label={names.dayLabel(iso)}
                  aria-current={iso === today ? 'date' : undefined}
                  onClick={() => {
                    setFocused(iso);
                    onPick(iso);
                  }}
                >
                  {Number(iso.slice(8))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
