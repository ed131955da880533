import type { ControlConfig } from '@lumen-bi/charts';
import { Info } from 'lucide-react';
import { getColumnLabel, type AdhocFilter, type ApiClient, type QueryFormColumn, type QueryFormData } from '@lumen-bi/core';
import type { ReactNode } from 'react';
import { Select } from '../components/select';
import { Tooltip } from '../components/tooltip';
import type { SelectOption } from '../components/select-values';
import { AdhocFilterControl } from './adhoc-filter-popover';
import { AnnotationLayersControl } from './annotation-layers-control';
import { ColorPickerControl } from './color-picker-control';
import { ConditionalFormattingControl } from './conditional-formatting-control';
import { ContoursControl } from './contours-control';
import { CurrencyFormatControl } from './currency-format-control';
import { DeckChartsControl } from './deck-charts-control';
import { SpatialControl } from './spatial-control';
import { ViewportControl } from './viewport-control';
import { formattableColumns } from './conditional-formatting-rules';
import { useDatasetDrop } from './dataset-drag';
import type { DatasourceMetadata } from './explore-types';
import { MetricPicker } from './metric-picker';
import { TimeRangePicker } from './time-range-picker';
import { TimeSeriesColumnsControl } from './time-series-columns-control';

export interface ControlFieldProps {
  name: string;
  config: ControlConfig;
  value: unknown;
  datasource: DatasourceMetadata;
  errors?: readonly string[];
  /** The whole form data, for controls whose choices depend on other controls (conditional formatting). */
  formData?: Partial<QueryFormData>;
  /** Explore's API client, for controls whose choices are saved objects (deck_multi's charts). */
  api?: ApiClient;
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

/** A group-by (dimension) select that also takes columns dropped from the dataset panel. */
function GroupByField({ label, multi, value, datasource, onChange }: { label: string; multi: boolean; value: unknown; datasource: DatasourceMetadata; onChange(value: unknown): void }) {
  const drop = useDatasetDrop(['column'], datasource, ({ name }) => {
    if (!multi) return onChange(name);
    const chosen = Array.isArray(value) ? value : value == null ? [] : [value];
    if (!chosen.includes(name)) onChange([...chosen, name]);
  });
  return (
    <div className={`bi-drop-target${drop.over ? ' bi-drop-target--over' : ''}`} {...drop.props}>
      <Select label={label} multi={multi} options={columnOptions(datasource, value)} value={value ?? (multi ? [] : null)} onChange={onChange} />
    </div>
  );
}

/** The widget of one control, by its declared type. */
function widget({ name, config, value, datasource, formData, api, onChange }: ControlFieldProps): ReactNode {
  const label = config.label;
  switch (config.type) {
    case 'MetricsControl':
      return <MetricPicker label={label} datasource={datasource} value={value} multi={Boolean(config.multi)} onChange={onChange} />;
    case 'GroupByControl':
      return <GroupByField label={label} multi={Boolean(config.multi)} value={value} datasource={datasource} onChange={onChange} />;
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
      return <ColorPickerControl label={label} value={value} onChange={onChange} />;
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
    case 'TimeOfDayBoundsControl': {
      const bounds = Array.isArray(value) ? value : [null, null];
      // A browser time input answers 'HH:mm' or 'HH:mm:ss' (step 1); the incumbent saves 'HH:mm:ss'.
      const toSaved = (text: string) => (text === '' ? null : text.length === 5 ? `${text}:00` : text);
      const set = (i: number, text: string) => onChange([0, 1].map((j) => (j === i ? toSaved(text) : (bounds[j] ?? null))));
      return (
        <span className="bi-bounds">
          <input className="bi-input" type="time" step={1} aria-label={`${label} start`} value={bounds[0] ?? ''} onChange={(e) => set(0, e.target.value)} />
          <input className="bi-input" type="time" step={1} aria-label={`${label} end`} value={bounds[1] ?? ''} onChange={(e) => set(1, e.target.value)} />
        </span>
      );
    }
    case 'CurrencyControl':
      return <CurrencyFormatControl label={label} value={value} onChange={onChange} />;
    case 'DeckChartsControl':
      if (!api) return <p className="bi-field-error">The chart list cannot be read here (no API client)</p>;
      return <DeckChartsControl label={label} value={value} api={api} onChange={onChange} />;
    case 'AnnotationLayerControl':
      if (!api) return <p className="bi-field-error">The annotation layers cannot be edited here (no API client)</p>;
      return <AnnotationLayersControl label={label} value={value} api={api} onChange={onChange} />;
    case 'ContourControl':
      return <ContoursControl label={label} value={value} onChange={onChange} />;
    case 'SpatialControl':
      return <SpatialControl label={label} value={value} datasource={datasource} onChange={onChange} />;
    case 'ViewportControl':
      return <ViewportControl label={label} value={value} onChange={onChange} />;
    case 'TimeSeriesColumnControl':
      return <TimeSeriesColumnsControl label={label} value={value} onChange={onChange} />;
    case 'ConditionalFormattingControl':
      return (
        <ConditionalFormattingControl
          label={label}
          value={value}
          columns={formattableColumns(formData ?? {}, datasource)}
          colorScheme={typeof formData?.color_scheme === 'string' ? formData.color_scheme : null}
          onChange={onChange}
        />
      );
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
      <span className="bi-control__label">
        {config.label}
        {config.validators?.includes('nonEmpty') && <span className="bi-required" aria-hidden="true"> *</span>}
        {config.description && (
          <Tooltip content={config.description}>
            <button type="button" className="bi-icon-button bi-control__info" aria-label={`About ${config.label}`}>
              <Info size={14} aria-hidden="true" />
            </button>
          </Tooltip>
        )}
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
