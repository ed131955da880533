/**
 * One native filter's input, by filter type: select (single/multi, searchable, options from the dataset,
 * cascading), range (min/max with the spec's order check), time range, time grain and time column.
 * Inputs write the store's draft mask; Apply in the filter bar makes it the applied mask.
 */
import { TimeRangeSkips } from './time-range-skips';
import { useSignals } from '@preact/signals-react/runtime';
import type { NativeFilter } from '@lumen-bi/core';
import { useEffect, useId, useMemo, useState } from 'react';
import { lazyModule, useLazyModule } from '../components/lazy-module';
import { Select } from '../components/select';
import { Skeleton, SkeletonRegion } from '../components/skeleton';
import { useDashboard } from './dashboard-context';
import { dataMaskValue, isRequiredFilter, parentExtraFormData, REQUIRED_FILTER_MESSAGE, validateRange } from './filter-data-masks';
import { fetchRangeBounds, fetchSelectOptions, fetchTimeColumns, TIME_GRAINS } from './filter-options';

export function FilterControl({ filter }: { filter: NativeFilter }) {
  useSignals();
  const { store } = useDashboard();
  const value = dataMaskValue(store.draftDataMask.value[filter.id]);
  const required = isRequiredFilter(filter) && store.missingRequired.value.includes(filter.id);
  const onChange = (next: unknown) => store.updateDraft(filter.id, next);
  let control;
  switch (filter.filterType) {
    case 'filter_select':
      control = <SelectFilter filter={filter} value={value} onChange={onChange} />;
      break;
    case 'filter_range':
      control = <RangeFilter filter={filter} value={value} onChange={onChange} />;
      break;
    case 'filter_time':
      control = <TimeRangeFilter filter={filter} value={value} onChange={onChange} />;
      break;
    case 'filter_timegrain':
      control = <Select label={filter.name} options={TIME_GRAINS} value={value} onChange={onChange} placeholder="Select time grain" />;
      break;
    case 'filter_timecolumn':
      control = <TimeColumnFilter filter={filter} value={value} onChange={onChange} />;
      break;
    default:
      control = <p>Unsupported filter type {String(filter.filterType)}</p>;
  }
  return (
    <div className="bi-dash-filter" data-filter-id={filter.id}>
      <div className="bi-dash-filter__name">
        {filter.name}
        {isRequiredFilter(filter) && <span className="bi-required"> *</span>}
      </div>
      {filter.description && <p className="bi-dash-filter__description">{String(filter.description)}</p>}
      {control}
      {required && <p className="bi-field-error">{REQUIRED_FILTER_MESSAGE}</p>}
      <TimeRangeSkips filter={filter} />
    </div>
  );
}

interface InputProps {
  filter: NativeFilter;
  value: unknown;
  onChange(value: unknown): void;
}

function SelectFilter({ filter, value, onChange }: InputProps) {
  const { store } = useDashboard();
  const parents = parentExtraFormData(filter, store.draftDataMask.value);
  const parentsKey = JSON.stringify(parents);
  const [options, setOptions] = useState<unknown[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const dashboardId = store.info.value?.id;
  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    fetchSelectOptions(store.api, filter, JSON.parse(parentsKey), dashboardId, controller.signal)
      .then((values) => {
        setOptions(values);
        store.resolveFirstItem(filter.id, values[0]);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(failure instanceof Error ? failure.message : String(failure));
        store.resolveFirstItem(filter.id, undefined);
      });
    return () => controller.abort();
  }, [filter, parentsKey, store, dashboardId]);
  const choices = useMemo(() => (options ?? []).map((v) => ({ value: v, label: v === null ? '<NULL>' : String(v) })), [options]);
  const multi = filter.controlValues?.multiSelect !== false;
  return (
    <Select
      label={filter.name}
      options={choices}
      value={value}
      multi={multi}
      onChange={onChange}
      placeholder={options === null ? 'Loading…' : `${choices.length} options`}
      error={error}
    />
  );
}

/**
 * The time range picker (presets, Custom with its date fields, Advanced) loads after the dashboard's first
 * paint, with a field-sized placeholder meanwhile: most dashboards have no time filter, and the one that
 * has it shows its charts without it (issue 15: weight).
 */
export const timeRangePickerCode = lazyModule(() => import('../explore/time-range-picker'));

function TimeRangeFilter({ filter, value, onChange }: InputProps) {
  const picker = useLazyModule(timeRangePickerCode, true);
  if (!picker) {
    return (
      <SkeletonRegion label={`Loading ${filter.name}`}>
        <Skeleton height={32} />
      </SkeletonRegion>
    );
  }
  return <picker.TimeRangePicker label={filter.name} value={value ?? 'No filter'} onChange={(v) => onChange(v === 'No filter' ? null : v)} />;
}

function RangeFilter({ filter, value, onChange }: InputProps) {
  const { store } = useDashboard();
  const [bounds, setBounds] = useState<[number | null, number | null]>([null, null]);
  const errorId = useId();
  useEffect(() => {
    fetchRangeBounds(store.api, filter, {}, store.info.value?.id).then(setBounds, () => undefined);
  }, [filter, store]);
  const [min, max] = Array.isArray(value) ? (value as [number | null, number | null]) : [null, null];
  const message = validateRange(value);
  const parse = (text: string) => (text.trim() === '' ? null : Number(text));
  const set = (next: [number | null, number | null]) => onChange(next[0] === null && next[1] === null ? null : next);
  // Both fields are marked: the order check is about the pair, and either one may be the one to change.
  const invalid = message ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  return (
    <div className="bi-dash-range">
      <label className="bi-field bi-dash-range__field">
        <span className="bi-field__label">Min</span>
        <input type="number" className="bi-input" aria-label={`${filter.name} minimum`} placeholder={bounds[0] === null ? '' : String(bounds[0])} value={min ?? ''} onChange={(e) => set([parse(e.target.value), max])} {...invalid} />
      </label>
      <label className="bi-field bi-dash-range__field">
        <span className="bi-field__label">Max</span>
        <input type="number" className="bi-input" aria-label={`${filter.name} maximum`} placeholder={bounds[1] === null ? '' : String(bounds[1])} value={max ?? ''} onChange={(e) => set([min, parse(e.target.value)])} {...invalid} />
      </label>
      {message && (
        <p id={errorId} className="bi-field-error bi-dash-range__error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}

function TimeColumnFilter({ filter, value, onChange }: InputProps) {
  const { store } = useDashboard();
  const [columns, setColumns] = useState<string[]>([]);
  useEffect(() => {
    fetchTimeColumns(store.api, filter).then(setColumns, () => undefined);
  }, [filter, store]);
  return <Select label={filter.name} options={columns.map((c) => ({ value: c, label: c }))} value={value} onChange={onChange} placeholder="Select time column" />;
}
