import { X } from 'lucide-react';
import { SELECT_PAGE_SIZE, type ApiClient } from '@lumen-bi/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Select } from '../components/select';
import { LIST_MESSAGES } from './list-messages';
import type { FilterOption, ListResource, RangeFilterConfig, SearchFilterConfig, SelectFilterConfig } from './list-types';

export interface SearchFilterProps {
  config: SearchFilterConfig;
  value: string | undefined;
  onChange(value: string | undefined): void;
}

/**
 * Text search (spec 1 §5): applied on Enter or on blur, trimmed; clearing the text resets the filter at once,
 * so an emptied box never leaves a stale filter applied.
 */
export function SearchFilter({ config, value, onChange }: SearchFilterProps) {
  const [text, setText] = useState(value ?? '');
  // The address may change the value under us (back button, 'clear all filters').
  useEffect(() => setText(value ?? ''), [value]);
  const apply = (raw: string) => {
    const trimmed = raw.trim();
    if ((trimmed || undefined) !== (value || undefined)) onChange(trimmed || undefined);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') apply(text);
  };
  return (
    <label className="bi-list-filter bi-list-filter--search">
      <span className="bi-list-filter__label">{config.label}</span>
      <input
        type="search"
        className="bi-list-filter__input"
        placeholder="Type a value"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value === '' && value) onChange(undefined);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => apply(text)}
      />
    </label>
  );
}

/** Loads the options of a select filter: fixed, custom, or `related/` / `distinct/` lookups (page size 100). */
async function loadOptions(client: ApiClient, resource: ListResource, config: SelectFilterConfig): Promise<FilterOption[]> {
  if (config.options) return [...config.options];
  if (config.load) return config.load();
  if (!config.lookup) return [];
  const { json } = await client.get<{ result: { text: string; value: string | number }[] }>(
    `/api/v1/${resource}/${config.lookup.source}/${config.lookup.column}`,
    { rison: { filter: '', page: 0, page_size: SELECT_PAGE_SIZE } },
  );
  return json.result.map((item) => ({ label: item.text, value: item.value }));
}

export interface SelectFilterProps {
  client: ApiClient;
  resource: ListResource;
  config: SelectFilterConfig;
  value: FilterOption | undefined;
  onChange(value: FilterOption | undefined): void;
}

/**
 * A single-choice filter. Lookups run when the control is first focused (or already holds a value), so a
 * list with five filters does not cost five requests per visit; a failed lookup shows the server's error
 * under the dropdown (spec 1 §8).
 */
export function SelectFilter({ client, resource, config, value, onChange }: SelectFilterProps) {
  const [options, setOptions] = useState<FilterOption[] | null>(config.options ? [...config.options] : null);
  const [error, setError] = useState<string | null>(null);
  const requested = useRef(false);
  const load = () => {
    if (requested.current || options) return;
    requested.current = true;
    loadOptions(client, resource, config).then(setOptions, (failure: unknown) => {
      requested.current = false;
      setError((failure as Error).message || 'An error occurred');
    });
  };
  // The chosen option stays selectable (and labelled) before the lookup answers.
  const shown = [...(options ?? [])];
  if (value && !shown.some((o) => o.value === value.value)) shown.unshift(value);
  return (
    <div className="bi-list-filter bi-list-filter--select" onFocus={load}>
      <span className="bi-list-filter__label">{config.label}</span>
      <div className="bi-list-filter__select">
        <Select
          label={config.label}
          options={shown}
          value={value?.value ?? null}
          placeholder="Select or type a value"
          error={error}
          onChange={(next) => {
            const option = shown.find((o) => o.value === next);
            onChange(option ? { label: option.label, value: option.value } : undefined);
          }}
        />
        {value && (
          <button type="button" className="bi-list-filter__clear" aria-label={`Clear ${config.label}`} onClick={() => onChange(undefined)}>
            <X size={14} aria-hidden="true" />
          </button>
        )}
      </div>
    </div>
  );
}

export interface RangeFilterProps {
  config: RangeFilterConfig;
  value: [number, number] | undefined;
  onChange(value: [number, number] | undefined): void;
}

/** Minimum and maximum; applied on Enter or blur only when min < max, else the spec's message and no filter. */
export function RangeFilter({ config, value, onChange }: RangeFilterProps) {
  const [min, setMin] = useState(value ? String(value[0]) : '');
  const [max, setMax] = useState(value ? String(value[1]) : '');
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setMin(value ? String(value[0]) : '');
    setMax(value ? String(value[1]) : '');
  }, [value]);
  const apply = () => {
    if (min.trim() === '' && max.trim() === '') {
      setInvalid(false);
      if (value) onChange(undefined);
      return;
    }
    const low = Number(min);
    const high = Number(max);
    if (min.trim() === '' || max.trim() === '' || !Number.isFinite(low) || !Number.isFinite(high)) return;
    if (!(low < high)) {
      setInvalid(true);
      if (value) onChange(undefined);
      return;
    }
    setInvalid(false);
    if (!value || value[0] !== low || value[1] !== high) onChange([low, high]);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => event.key === 'Enter' && apply();
  return (
    <fieldset className="bi-list-filter bi-list-filter--range">
      <legend className="bi-list-filter__label">{config.label}</legend>
      <input type="number" aria-label={`${config.label} minimum`} value={min} onChange={(e) => setMin(e.target.value)} onBlur={apply} onKeyDown={onKeyDown} />
      <span aria-hidden="true">–</span>
      <input type="number" aria-label={`${config.label} maximum`} value={max} onChange={(e) => setMax(e.target.value)} onBlur={apply} onKeyDown={onKeyDown} />
      {invalid && (
        <p className="bi-field-error" role="alert">
          {LIST_MESSAGES.rangeInvalid}
        </p>
      )}
    </fieldset>
  );
}
