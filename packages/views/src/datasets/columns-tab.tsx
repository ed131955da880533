import { useState } from 'react';
import { CertificationFields } from './certification-fields';
import type { DatasetColumnEdit } from './dataset-types';

export interface ColumnsTabProps {
  /** All columns of the dataset; the tab shows the physical or the calculated ones. */
  columns: DatasetColumnEdit[];
  calculated: boolean;
  onChange(columns: DatasetColumnEdit[]): void;
  disabled?: boolean;
}

let newColumnCounter = 0;
// A new calculated column holds ' ' until its expression is typed, so it stays on this tab meanwhile.
const isCalculated = (c: DatasetColumnEdit) => typeof c.expression === 'string' && c.expression.length > 0;

/**
 * Physical columns (names and types come from the table; labels, flags and formats are editable) or
 * calculated columns (a name and a SQL expression of the user's), one component for both.
 */
export function ColumnsTab({ columns, calculated, onChange, disabled }: ColumnsTabProps) {
  const [expanded, setExpanded] = useState<number | null>(null);
  const indexes = columns.map((c, i) => (isCalculated(c) === calculated ? i : -1)).filter((i) => i >= 0);
  const patch = (index: number, change: Partial<DatasetColumnEdit>) => onChange(columns.map((c, i) => (i === index ? { ...c, ...change } : c)));
  const add = () => {
    newColumnCounter += 1;
    onChange([...columns, { id: `new-${newColumnCounter}`, column_name: '', expression: ' ', filterable: true, groupby: true, is_dttm: false }]);
    setExpanded(columns.length);
  };
  const flag = (index: number, c: DatasetColumnEdit, field: 'is_dttm' | 'filterable' | 'groupby', label: string) => (
    <td>
      <input type="checkbox" aria-label={`${label} ${c.column_name}`} checked={Boolean(c[field])} disabled={disabled} onChange={(e) => patch(index, { [field]: e.target.checked })} />
    </td>
  );
  return (
    <div className="bi-dataset-columns">
      {calculated && (
        <button type="button" className="bi-button" onClick={add} disabled={disabled}>
          + Add item
        </button>
      )}
      <table className="bi-edit-grid">
        <thead>
          <tr>
            <th>Column</th>
            <th>{calculated ? 'SQL expression' : 'Data type'}</th>
            <th>Label</th>
            <th>Is temporal</th>
            <th>Is filterable</th>
            <th>Is dimension</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {indexes.map((index) => {
            const c = columns[index];
            const name = c.column_name || `column ${index + 1}`;
            return [
              <tr key={String(c.id ?? index)} data-column={c.column_name}>
                <td>
                  {calculated ? (
                    <input type="text" aria-label={`Column name of ${name}`} value={c.column_name} disabled={disabled} onChange={(e) => patch(index, { column_name: e.target.value })} />
                  ) : (
                    c.column_name
                  )}
                </td>
                <td>
                  {calculated ? (
                    <input type="text" aria-label={`SQL expression of ${name}`} value={(c.expression ?? '').trim() === '' ? '' : (c.expression ?? '')} disabled={disabled} onChange={(e) => patch(index, { expression: e.target.value || ' ' })} />
                  ) : (
                    (c.type ?? '')
                  )}
                </td>
                <td>
                  <input type="text" aria-label={`Label of ${name}`} value={c.verbose_name ?? ''} disabled={disabled} onChange={(e) => patch(index, { verbose_name: e.target.value || null })} />
                </td>
                {flag(index, c, 'is_dttm', 'Is temporal')}
                {flag(index, c, 'filterable', 'Is filterable')}
                {flag(index, c, 'groupby', 'Is dimension')}
                <td>
                  <button type="button" className="bi-link-button" aria-expanded={expanded === index} onClick={() => setExpanded(expanded === index ? null : index)}>
                    Details
                  </button>
                  {calculated && (
                    <button type="button" className="bi-link-button" aria-label={`Delete ${name}`} disabled={disabled} onClick={() => onChange(columns.filter((_, i) => i !== index))}>
                      {' '}
                      Delete
                    </button>
                  )}
                </td>
              </tr>,
              expanded === index && (
                <tr key={`${String(c.id ?? index)}-details`}>
                  <td colSpan={7}>
                    <div className="bi-form-field">
                      <label>
                        Description
                        <textarea value={c.description ?? ''} disabled={disabled} onChange={(e) => patch(index, { description: e.target.value })} />
                      </label>
                    </div>
                    <div className="bi-form-field">
                      <label>
                        Datetime format
                        <input type="text" value={c.python_date_format ?? ''} disabled={disabled} onChange={(e) => patch(index, { python_date_format: e.target.value || null })} />
                      </label>
                    </div>
                    <CertificationFields extra={c.extra} disabled={disabled} onChange={(extra) => patch(index, { extra })} />
                  </td>
                </tr>
              ),
            ];
          })}
        </tbody>
      </table>
    </div>
  );
}
