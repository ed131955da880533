import { DEFAULT_TIME_RANGE } from '@lumen-bi/core';
import { useState } from 'react';
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

export interface TimeRangePickerProps {
  label: string;
  value: unknown;
  onChange(value: string): void;
}

/**
 * Time range: 'No filter' by default (spec 3 §9), presets (last day ... previous calendar year) or a
 * custom 'start : end' whose sides are ISO dates, 'now', or the grammar's expressions.
 *
 * @example
 * <TimeRangePicker label="Time range" value={fd.time_range} onChange={(v) => store.setControl('time_range', v)} />
 */
export function TimeRangePicker({ label, value, onChange }: TimeRangePickerProps) {
  const current = typeof value === 'string' && value ? value : DEFAULT_TIME_RANGE;
  const isPreset = (TIME_RANGE_PRESETS as readonly string[]).includes(current);
  const [custom, setCustom] = useState(!isPreset);
  const [start, end] = isPreset ? ['', ''] : splitTimeRange(current);
  const options = [...TIME_RANGE_PRESETS.map((p) => ({ value: p, label: p })), { value: CUSTOM, label: 'Custom' }];
  return (
    <div className="bi-time-range">
      <Select
        label={label}
        options={options}
        value={custom ? CUSTOM : current}
        onChange={(v) => {
          if (v === CUSTOM) {
            setCustom(true);
            onChange(`${start || 'DATEADD(DATETIME("now"), -7, day)'} : ${end || 'now'}`);
          } else if (typeof v === 'string') {
            setCustom(false);
            onChange(v);
          }
        }}
      />
      {custom && (
        <div className="bi-time-range__custom">
          <input className="bi-input" aria-label="Start" value={start} onChange={(e) => onChange(`${e.target.value} : ${end}`)} placeholder="2020-01-01" />
          <span aria-hidden="true">:</span>
          <input className="bi-input" aria-label="End" value={end} onChange={(e) => onChange(`${start} : ${e.target.value}`)} placeholder="now" />
        </div>
      )}
    </div>
  );
}
