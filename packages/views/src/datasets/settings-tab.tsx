import { useId } from 'react';
import { CertificationFields } from './certification-fields';
import type { DatasetDetail } from './dataset-types';

export interface SettingsTabProps {
  dataset: DatasetDetail;
  onChange(patch: Partial<DatasetDetail>): void;
  disabled?: boolean;
}

/** The dataset's own settings: source (SQL for virtual datasets), description, time column, caching, certification. */
export function SettingsTab({ dataset, onChange, disabled }: SettingsTabProps) {
  const id = useId();
  const virtual = dataset.sql !== null && dataset.sql !== undefined && dataset.sql !== '' ? true : dataset.kind === 'virtual';
  const text = (field: keyof DatasetDetail, label: string, type: 'text' | 'number' = 'text') => (
    <div className="bi-form-field">
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <input
        id={`${id}-${field}`}
        type={type}
        disabled={disabled}
        value={(dataset[field] as string | number | null | undefined) ?? ''}
        onChange={(e) => onChange({ [field]: type === 'number' && field !== 'cache_timeout' ? Number(e.target.value) : e.target.value } as Partial<DatasetDetail>)}
      />
    </div>
  );
  const check = (field: keyof DatasetDetail, label: string) => (
    <label className="bi-form-check">
      <input type="checkbox" disabled={disabled} checked={Boolean(dataset[field])} onChange={(e) => onChange({ [field]: e.target.checked } as Partial<DatasetDetail>)} />
      {label}
    </label>
  );
  const temporal = dataset.columns.filter((c) => c.is_dttm);
  return (
    <div className="bi-dataset-settings">
      <p>
        Database: <strong>{dataset.database?.database_name ?? '—'}</strong>
        {dataset.schema ? ` · Schema: ${dataset.schema}` : ''}
      </p>
      {text('table_name', 'Dataset name')}
      {virtual && (
        <div className="bi-form-field">
          <label htmlFor={`${id}-sql`}>SQL</label>
          <textarea id={`${id}-sql`} rows={6} disabled={disabled} value={dataset.sql ?? ''} onChange={(e) => onChange({ sql: e.target.value })} />
        </div>
      )}
      <div className="bi-form-field">
        <label htmlFor={`${id}-description`}>Description</label>
        <textarea id={`${id}-description`} rows={2} disabled={disabled} value={dataset.description ?? ''} onChange={(e) => onChange({ description: e.target.value })} />
      </div>
      <div className="bi-form-field">
        <label htmlFor={`${id}-dttm`}>Default datetime</label>
        <select id={`${id}-dttm`} disabled={disabled} value={dataset.main_dttm_col ?? ''} onChange={(e) => onChange({ main_dttm_col: e.target.value || null })}>
          <option value="">—</option>
          {temporal.map((c) => (
            <option key={c.column_name} value={c.column_name}>
              {c.column_name}
            </option>
          ))}
        </select>
      </div>
      {text('cache_timeout', 'Cache timeout', 'number')}
      {text('offset', 'Hours offset', 'number')}
      {text('default_endpoint', 'Default URL')}
      {text('fetch_values_predicate', 'Autocomplete query predicate')}
      {check('filter_select_enabled', 'Autocomplete filters')}
      {check('normalize_columns', 'Normalize column names')}
      {check('always_filter_main_dttm', 'Always filter main datetime column')}
      <div className="bi-form-field">
        <label htmlFor={`${id}-template`}>Template parameters</label>
        <textarea id={`${id}-template`} rows={2} disabled={disabled} value={dataset.template_params ?? ''} onChange={(e) => onChange({ template_params: e.target.value })} />
      </div>
      <CertificationFields extra={dataset.extra} disabled={disabled} onChange={(extra) => onChange({ extra })} />
    </div>
  );
}
