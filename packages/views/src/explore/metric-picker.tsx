import { X } from 'lucide-react';
import { AGGREGATES, type Aggregate, type QueryFormMetric } from '@lumen-bi/core';
import { useState } from 'react';
import { Select } from '../components/select';
import { useDatasetDrop } from './dataset-drag';
import type { DatasourceMetadata } from './explore-types';
import { ItemLabel } from './metric-label';
import { isAggregateSql, METRIC_SQL_MESSAGE, metricLabel, simpleMetric, sqlMetric } from './metric-sql';

type Tab = 'saved' | 'simple' | 'sql';

export interface MetricEditorProps {
  datasource: DatasourceMetadata;
  /** Opens on the Simple tab with this column chosen (a column dropped on the control). */
  initialColumn?: string | null;
  onSave(metric: QueryFormMetric): void;
  onCancel(): void;
}

/**
 * The metric popover: a saved metric, a simple aggregate of a column (AVG, COUNT, COUNT_DISTINCT, MAX,
 * MIN, SUM), or custom SQL that must match an aggregate pattern (spec 3 §5).
 *
 * @example
 * <MetricEditor datasource={ds} onSave={add} onCancel={close} />
 */
export function MetricEditor({ datasource, initialColumn, onSave, onCancel }: MetricEditorProps) {
  const [tab, setTab] = useState<Tab>(initialColumn ? 'simple' : 'saved');
  const [saved, setSaved] = useState<string | null>(null);
  const [column, setColumn] = useState<string | null>(initialColumn ?? null);
  const [aggregate, setAggregate] = useState<Aggregate | null>(null);
  const [sql, setSql] = useState('');
  const [label, setLabel] = useState('');
  const sqlInvalid = sql.trim() !== '' && !isAggregateSql(sql);

  const candidate = (): QueryFormMetric | null => {
    if (tab === 'saved') return saved;
    if (tab === 'simple') {
      const col = datasource.columns.find((c) => c.column_name === column);
      if (!col || !aggregate) return null;
      const metric = simpleMetric(aggregate, { column_name: col.column_name, type: col.type ?? null });
      return label.trim() ? { ...metric, label: label.trim(), hasCustomLabel: true } : metric;
    }
    return sql.trim() && !sqlInvalid ? sqlMetric(sql, label) : null;
  };
  const metric = candidate();

  return (
    <div className="bi-popover" role="dialog" aria-label="Edit metric">
      <div className="bi-tabs" role="tablist">
        {(
          [
            ['saved', 'Saved'],
            ['simple', 'Simple'],
            ['sql', 'Custom SQL'],
          ] as const
        ).map(([key, text]) => (
          <button key={key} type="button" role="tab" aria-selected={tab === key} className={`bi-tab${tab === key ? ' bi-tab--active' : ''}`} onClick={() => setTab(key)}>
            {text}
          </button>
        ))}
      </div>
      {tab === 'saved' && (
        <Select
          label="Saved metric"
          options={datasource.metrics.map((m) => ({ value: m.metric_name, label: m.verbose_name || m.metric_name }))}
          value={saved}
          onChange={(v) => setSaved((v as string | null) ?? null)}
        />
      )}
      {tab === 'simple' && (
        <>
          <Select label="Column" options={datasource.columns.map((c) => ({ value: c.column_name, label: c.verbose_name || c.column_name }))} value={column} onChange={(v) => setColumn((v as string | null) ?? null)} />
          <Select label="Aggregate" options={AGGREGATES.map((a) => ({ value: a, label: a }))} value={aggregate} onChange={(v) => setAggregate((v as Aggregate | null) ?? null)} />
        </>
      )}
      {tab === 'sql' && (
        <>
          <textarea className="bi-input bi-input--code" aria-label="Custom SQL" rows={4} value={sql} onChange={(e) => setSql(e.target.value)} placeholder="SUM(col)" />
          {sqlInvalid && (
            <p className="bi-field-error" role="alert">
              {METRIC_SQL_MESSAGE}
            </p>
          )}
        </>
      )}
      {tab !== 'saved' && <input className="bi-input" aria-label="Metric label" placeholder="Label (optional)" value={label} onChange={(e) => setLabel(e.target.value)} />}
      <div className="bi-popover__actions">
        <button type="button" className="bi-button" onClick={onCancel}>
          Close
        </button>
        <button type="button" className="bi-button bi-button--primary" disabled={metric === null} onClick={() => metric !== null && onSave(metric)}>
          Save
        </button>
      </div>
    </div>
  );
}

export interface MetricPickerProps {
  label: string;
  datasource: DatasourceMetadata;
  value: unknown;
  multi: boolean;
  onChange(value: unknown): void;
}

/**
 * The metrics control: chips of the chosen metrics (saved ones with their tooltip) and an 'Add metric'
 * popover. A saved metric dropped from the dataset panel is added at once; a dropped column opens the
 * popover on that column, for the aggregate to be chosen.
 *
 * @example
 * <MetricPicker label="Metrics" multi datasource={ds} value={fd.metrics} onChange={(v) => store.setControl('metrics', v)} />
 */
export function MetricPicker({ label, datasource, value, multi, onChange }: MetricPickerProps) {
  const [adding, setAdding] = useState<false | { column: string | null }>(false);
  const list = (Array.isArray(value) ? value : value ? [value] : []) as QueryFormMetric[];
  const remove = (index: number) => {
    const next = list.filter((_, i) => i !== index);
    onChange(multi ? next : (next[0] ?? null));
  };
  const add = (metric: QueryFormMetric) => {
    onChange(multi ? [...list, metric] : metric);
    setAdding(false);
  };
  const drop = useDatasetDrop(['metric', 'column'], datasource, (item) => {
    if (item.kind === 'column') setAdding({ column: item.name });
    else if (!list.includes(item.name)) add(item.name);
  });
  return (
    <div className={`bi-metric-picker${drop.over ? ' bi-drop-target--over' : ''}`} role="group" aria-label={label} {...drop.props}>
      <ul className="bi-chip-list">
        {list.map((metric, index) => {
          const saved = typeof metric === 'string' ? datasource.metrics.find((m) => m.metric_name === metric) : undefined;
          return (
            <li className="bi-chip" key={`${metricLabel(metric)}-${index}`}>
              {saved ? <ItemLabel name={saved.metric_name} item={saved} /> : <span>{metricLabel(metric)}</span>}
              <button type="button" className="bi-chip__remove" aria-label={`Remove ${metricLabel(metric)}`} onClick={() => remove(index)}>
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          );
        })}
      </ul>
      {(multi || list.length === 0) && !adding && (
        <button type="button" className="bi-link-button" onClick={() => setAdding({ column: null })}>
          + Add metric
        </button>
      )}
      {adding && <MetricEditor key={adding.column ?? ''} datasource={datasource} initialColumn={adding.column} onSave={add} onCancel={() => setAdding(false)} />}
    </div>
  );
}
