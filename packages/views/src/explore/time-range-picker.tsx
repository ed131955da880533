import { DEFAULT_TIME_RANGE } from '@lumen-bi/core';
import { useState } from 'react';
import { addDays, parseIsoDate, todayIso } from '../components/calendar-dates';
import { DatePicker } from '../components/date-picker';
import { Select } from '../components/select';

/** Preset ranges the server's time-range grammar understands (DESIGN "Query compiler"). */
export const TIME_RANGE_PRESETS = [
  DEFAULT_TIME_RANGE,
  'Last day',
  'Last week',
  'Last month',
  'Last quarter',
  'Last year',
  'previous calendar week',
  'previous calendar month',
  'previous calendar year',
] as const;

const CUSTOM = '__custom__';
const ADVANCED = '__advanced__';
type Mode = 'preset' | typeof CUSTOM | typeof ADVANCED;

/** A side of a 'Custom' range: empty (unbounded) or a calendar day, optionally at midnight as the incumbent writes it. */
const CALENDAR_SIDE = /^(\d{4}-\d{2}-\d{2})(T00:00:00)?$/;

/**
 * Splits a custom range 'start : end' into its two sides.
 *
 * @example
 * splitTimeRange('2020-01-01 : now'); // ['2020-01-01', 'now']
 */
export function splitTimeRange(range: string): [string, string] {
  const index = range.indexOf(' : ');
  return index < 0 ? ['', ''] : [range.slice(0, index).trim(), range.slice(index + 3).trim()];
}

/**
 * The calendar days of a range both of whose sides are days (or empty), else null: such a range is
 * edited with the date pickers, anything else (now, DATEADD(...), '1 year ago') in the Advanced text boxes.
 *
 * @example
 * calendarRange('2021-01-01 : 2021-03-31'); // ['2021-01-01', '2021-03-31']
 * calendarRange('1 year ago : now'); // null
 */
export function calendarRange(range: string): [string, string] | null {
  if (!range.includes(' : ')) return null;
  const sides = splitTimeRange(range).map((side) => (side === '' ? '' : CALENDAR_SIDE.exec(side)?.[1]));
  return sides.every((side) => side !== undefined && (side === '' || parseIsoDate(side))) ? (sides as [string, string]) : null;
}

/** The 'start : end' text of a range, the form the incumbent and the server's grammar read. */
export const joinTimeRange = (start: string, end: string) => `${start} : ${end}`;

function modeOf(range: string): Mode {
  if ((TIME_RANGE_PRESETS as readonly string[]).includes(range)) return 'preset';
  return calendarRange(range) ? CUSTOM : ADVANCED;
}

export interface TimeRangePickerProps {
  label: string;
  value: unknown;
  onChange(value: string): void;
}

/**
 * Time range: 'No filter' by default (spec 3 §9), presets (last day ... previous calendar year), a
 * Custom range of two calendar days picked with date pickers ('2021-01-01 : 2021-03-31', the end
 * exclusive), or an Advanced 'start : end' whose sides are the grammar's expressions ('1 year ago : now').
 *
 * @example
 * <TimeRangePicker label="Time range" value={fd.time_range} onChange={(v) => store.setControl('time_range', v)} />
 */
export function TimeRangePicker({ label, value, onChange }: TimeRangePickerProps) {
  const current = typeof value === 'string' && value ? value : DEFAULT_TIME_RANGE;
  const [mode, setMode] = useState<Mode>(() => modeOf(current));
  const [start, end] = mode === 'preset' ? ['', ''] : splitTimeRange(current);
  const options = [...TIME_RANGE_PRESETS.map((p) => ({ value: p, label: p })), { value: CUSTOM, label: 'Custom' }, { value: ADVANCED, label: 'Advanced' }];
  const choose = (choice: unknown) => {
    if (choice === CUSTOM) {
      const today = todayIso();
      const days = calendarRange(current) ?? [addDays(today, -7), today];
      setMode(CUSTOM);
      onChange(joinTimeRange(...days));
    } else if (choice === ADVANCED) {
      setMode(ADVANCED);
      onChange(mode === 'preset' ? joinTimeRange('DATEADD(DATETIME("now"), -7, day)', 'now') : current);
    } else if (typeof choice === 'string') {
      setMode('preset');
      onChange(choice);
    }
  };
  return (
    <div className="bi-time-range">
      <Select label={label} options={options} value={mode === 'preset' ? current : mode} onChange={choose} />
      {mode === CUSTOM && (
        <div className="bi-time-range__dates" role="group" aria-label={`${label} dates`}>
          <DatePicker label="Start" value={calendarRange(current)?.[0] ?? ''} onChange={(day) => onChange(joinTimeRange(day, end))} />
          <DatePicker label="End (exclusive)" value={calendarRange(current)?.[1] ?? ''} onChange={(day) => onChange(joinTimeRange(start, day))} />
        </div>
      )}
      {mode === ADVANCED && (
        <div className="bi-time-range__custom">
          <input className="bi-input" aria-label="Start" value={start} onChange={(e) => onChange(joinTimeRange(e.target.value, end))} placeholder="1 year ago" />
          <span aria-hidden="true">:</span>
          <input className="bi-input" aria-label="End" value={end} onChange={(e) => onChange(joinTimeRange(start, e.target.value))} placeholder="now" />
        </div>
      )}
    </div>
  );
}
