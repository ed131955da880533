import type { ControlConfig } from '@lumen-bi/charts';
import { getColumnLabel, type AdhocFilter, type QueryFormColumn } from '@lumen-bi/core';
import { useEffect, useState, type ReactNode } from 'react';
import { Select } from '../components/select';
import type { SelectOption } from '../components/select-values';
import { AdhocFilterControl } from './adhoc-filter-popover';
import type { DatasourceMetadata } from './explore-types';
import { MetricPicker } from './metric-picker';
import { TimeRangePicker } from './time-range-picker';

export interface ControlFieldProps {
  name: string;
  config: ControlConfig;
  value: unknown;
  datasource: DatasourceMetadata;
  errors?: readonly string[];
  onChange(value: unknown): void;
}

const NUMERIC_SELECTS = new Set(['RowLimitControl', 'SeriesLimitControl']);

const choiceOptions = (config: ControlConfig): SelectOption[] => (config.choices ?? []).map(([value, label]) => ({ value, label }));

/** Options of a column control, plus any adhoc columns already chosen (they are not dataset columns). */
function columnOptions(datasource: DatasourceMetadata, value: unknown): SelectOption[] {
  const options: SelectOption[] = datasource.columns.map((c) => ({ value: c.column_name, label: c.verbose_name || c.column_name }));
  const chosen = Array.isArray(value) ? value : value ? [value] : [];
  for (const item of chosen) if (typeof item === 'object' && item !== null) options.push({ value: item, label: getColumnLabel(item as QueryFormColumn) });
  return options;
}

/** A JSON editor for structured controls without a dedicated widget; bad JSON is reported, not saved. */
function JsonField({ label, value, onChange }: { label: string; value: unknown; onChange(value: unknown): void }) {
  const [text, setText] = useState(() => JSON.stringify(value ?? null, null, 2));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(JSON.stringify(value ?? null, null, 2)), [value]);
  return (
    <>
      <textarea
        className="bi-input bi-input--code"
        aria-label={label}
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => {
          try {
            onChange(JSON.parse(text));
            setError(null);
          } catch {
            setError('Invalid JSON');
          }
        }}
      />
      {error && <p className="bi-field-error">{error}</p>}
    </>
  );
}

/** The widget of one control, by its declared type. */
function widget({ name, config, value, datasource, onChange }: ControlFieldProps): ReactNode {
  const label = config.label;
  switch (config.type) {
    case 'MetricsControl':
      return <MetricPicker label={label} datasource={datasource} value={value} multi={Boolean(config.multi)} onChange={onChange} />;
    case 'GroupByControl':
      return <Select label={label} multi={Boolean(config.multi)} options={columnOptions(datasource, value)} value={value ?? (config.multi ? [] : null)} onChange={onChange} />;
    case 'AdhocFilterControl':
      return <AdhocFilterControl label={label} datasource={datasource} value={value} onChange={(v: AdhocFilter[]) => onChange(v)} />;
    case 'TimeRangeControl':
      return <TimeRangePicker label={label} value={value} onChange={onChange} />;
    case 'TimeGrainControl':
      return (
        <Select label={label} options={(datasource.time_grain_sqla ?? []).map(([v, l]) => ({ value: v, label: l }))} value={value ?? null} onChange={onChange} />
      );
    case 'SortControl':
      return <Select label={label} multi options={(datasource.order_by_choices ?? []).map(([v, l]) => ({ value: v, label: l }))} value={value ?? []} onChange={onChange} />;
    case 'CheckboxControl':
      return <input type="checkbox" aria-label={label} checked={Boolean(value)} onChange={(e) => onChange(e.target.checked)} />;
    case 'TextControl':
      return <input className="bi-input" aria-label={label} value={value === null || value === undefined ? '' : String(value)} onChange={(e) => onChange(e.target.value)} />;
    case 'NumberControl':
      return (
        <input
          className="bi-input"
          type="number"
          aria-label={label}
          value={typeof value === 'number' ? value : ''}
          onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
        />
      );
    case 'ColorPickerControl':
      return <input type="color" aria-label={label} value={typeof value === 'string' ? value : '#000000'} onChange={(e) => onChange(e.target.value)} />;
    case 'BoundsControl': {
      const bounds = Array.isArray(value) ? value : [null, null];
      const set = (i: number, text: string) => onChange(bounds.map((b, j) => (j === i ? (text === '' ? null : Number(text)) : b)));
      return (
        <span className="bi-bounds">
          <input className="bi-input" type="number" aria-label={`${label} min`} value={bounds[0] ?? ''} onChange={(e) => set(0, e.target.value)} />
          <input className="bi-input" type="number" aria-label={`${label} max`} value={bounds[1] ?? ''} onChange={(e) => set(1, e.target.value)} />
        </span>
      );
    }
    case 'ConditionalFormattingControl':
      return <JsonField label={label} value={value} onChange={onChange} />;
    default: {
      // Every select-like control: plain selects, row/series limits, formats, colour schemes, rolling, resample.
      const options = choiceOptions(config);
      const nullOption = options.find((o) => o.value === null);
      const numeric = NUMERIC_SELECTS.has(config.type);
      return (
        <Select
          label={label}
          multi={Boolean(config.multi)}
          freeForm={Boolean(config.freeForm)}
          options={options}
          value={value ?? (config.multi ? [] : null)}
          placeholder={nullOption?.label}
          onChange={(v) => onChange(numeric && typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v)}
        />
      );
    }
  }
}

/**
 * One control with its label, description and inline validation messages.
 *
 * @example
 * <ControlField name="row_limit" config={config} value={fd.row_limit} datasource={ds} onChange={set} />
 */
export function ControlField(props: ControlFieldProps) {
  const { name, config, errors } = props;
  return (
    <div className={`bi-control${errors?.length ? ' bi-control--invalid' : ''}`} data-control={name}>
      <span className="bi-control__label" title={config.description}>
        {config.label}
        {config.validators?.includes('nonEmpty') && <span className="bi-required" aria-hidden="true"> *</span>}
      </span>
      {widget(props)}
      {errors?.map((message) => (
        <p key={message} className="bi-field-error" role="alert">
          {message}
        </p>
      ))}
    </div>
  );
}
