import { useState } from 'react';
import { CertificationFields } from './certification-fields';
import type { DatasetMetricEdit } from './dataset-types';

export interface MetricsTabProps {
  metrics: DatasetMetricEdit[];
  onChange(metrics: DatasetMetricEdit[]): void;
  disabled?: boolean;
}

let newMetricCounter = 0;

/** The dataset's saved metrics: name, label, SQL expression, number format; details and certification per row. */
export function MetricsTab({ metrics, onChange, disabled }: MetricsTabProps) {
  const [expanded, setExpanded] = useState<number | null>(null);
  const patch = (index: number, change: Partial<DatasetMetricEdit>) => onChange(metrics.map((m, i) => (i === index ? { ...m, ...change } : m)));
  const add = () => {
    newMetricCounter += 1;
    // A temporary string id: never sent, so the server creates the metric (spec 2 §3).
    onChange([...metrics, { id: `new-${newMetricCounter}`, metric_name: '', expression: '', verbose_name: '' }]);
    setExpanded(metrics.length);
  };
  return (
    <div className="bi-dataset-metrics">
      <button type="button" className="bi-button" onClick={add} disabled={disabled}>
        + Add item
      </button>
      <table className="bi-edit-grid">
        <thead>
          <tr>
            <th>Metric key</th>
            <th>Label</th>
            <th>SQL expression</th>
            <th>D3 format</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {metrics.map((m, index) => (
            <MetricRow key={String(m.id ?? index)} metric={m} index={index} expanded={expanded === index} disabled={disabled}
              onToggle={() => setExpanded(expanded === index ? null : index)} onPatch={(c) => patch(index, c)} onRemove={() => onChange(metrics.filter((_, i) => i !== index))} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface MetricRowProps {
  metric: DatasetMetricEdit;
  index: number;
  expanded: boolean;
  disabled?: boolean;
  onToggle(): void;
  onPatch(change: Partial<DatasetMetricEdit>): void;
  onRemove(): void;
}

function MetricRow({ metric, index, expanded, disabled, onToggle, onPatch, onRemove }: MetricRowProps) {
  const label = metric.metric_name || `metric ${index + 1}`;
  return (
    <>
      <tr data-metric={metric.metric_name}>
        <td>
          <input type="text" aria-label={`Metric key of ${label}`} value={metric.metric_name} disabled={disabled} onChange={(e) => onPatch({ metric_name: e.target.value })} />
        </td>
        <td>
          <input type="text" aria-label={`Label of ${label}`} value={metric.verbose_name ?? ''} disabled={disabled} onChange={(e) => onPatch({ verbose_name: e.target.value })} />
        </td>
        <td>
          <input type="text" aria-label={`SQL expression of ${label}`} value={metric.expression} disabled={disabled} onChange={(e) => onPatch({ expression: e.target.value })} />
        </td>
        <td>
          <input type="text" aria-label={`D3 format of ${label}`} value={metric.d3format ?? ''} disabled={disabled} onChange={(e) => onPatch({ d3format: e.target.value || null })} />
        </td>
        <td>
          <button type="button" className="bi-link-button" aria-expanded={expanded} onClick={onToggle}>
            Details
          </button>{' '}
          <button type="button" className="bi-link-button" aria-label={`Delete ${label}`} disabled={disabled} onClick={onRemove}>
            Delete
          </button>
        </td>
      </tr>
      {expanded && (
        <tr>
          <td colSpan={5}>
            <div className="bi-form-field">
              <label>
                Description
                <textarea value={metric.description ?? ''} disabled={disabled} onChange={(e) => onPatch({ description: e.target.value })} />
              </label>
            </div>
            <div className="bi-form-field">
              <label>
                Warning text
                <input type="text" value={metric.warning_text ?? ''} disabled={disabled} onChange={(e) => onPatch({ warning_text: e.target.value || null })} />
              </label>
            </div>
            <CertificationFields extra={metric.extra} disabled={disabled} onChange={(extra) => onPatch({ extra })} />
          </td>
        </tr>
      )}
    </>
  );
}
