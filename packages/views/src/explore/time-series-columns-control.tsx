/**
 * The time-series table's column_collection control: a list of columns (sparkline, time comparison,
 * contribution, average), each edited in place with the fields its type uses, saved in the incumbent's
 * shape so charts move between the two products unchanged.
 */
import type { ReactNode } from 'react';

/** A column as the incumbent's TimeSeriesColumnControl saves it (numbers as strings, as it does). */
export interface TimeSeriesColumn {
  key: string;
  label?: string;
  tooltip?: string;
  colType?: '' | 'spark' | 'time' | 'contrib' | 'avg';
  width?: string;
  height?: string;
  timeLag?: string;
  timeRatio?: string;
  comparisonType?: '' | 'diff' | 'perc' | 'perc_change';
  showYAxis?: boolean;
  yAxisBounds?: Array<number | null>;
  bounds?: Array<number | null>;
  d3format?: string;
  dateFormat?: string;
  sparkType?: 'line' | 'bar' | 'area';
}

export const COLUMN_TYPES = [
  ['spark', 'Sparkline'],
  ['time', 'Time comparison'],
  ['contrib', 'Contribution'],
  ['avg', 'Period average'],
] as const;

const COMPARISONS = [
  ['', 'Actual value'],
  ['diff', 'Difference'],
  ['perc', 'Percentage'],
  ['perc_change', 'Percentage change'],
] as const;

const SPARK_TYPES = [
  ['line', 'Line chart'],
  ['bar', 'Bar chart'],
  ['area', 'Area chart'],
] as const;

const asColumns = (value: unknown): TimeSeriesColumn[] =>
  Array.isArray(value) ? value.filter((c): c is TimeSeriesColumn => typeof c === 'object' && c !== null && typeof (c as { key?: unknown }).key === 'string') : [];

/**
 * A key not used by any column yet (the incumbent's keys are random; any unique string will do).
 *
 * @example
 * nextColumnKey([{ key: 'column-1' }]); // 'column-2'
 */
export function nextColumnKey(columns: ReadonlyArray<{ key: string }>): string {
  const used = new Set(columns.map((c) => c.key));
  let i = columns.length + 1;
  while (used.has(`column-${i}`)) i += 1;
  return `column-${i}`;
}

/** A summary of a column for its list entry. */
export function describeColumn(column: TimeSeriesColumn): string {
  const type = COLUMN_TYPES.find(([value]) => value === column.colType)?.[1] ?? 'No type';
  return column.label ? `${column.label} (${type})` : type;
}

export interface TimeSeriesColumnsControlProps {
  label: string;
  value: unknown;
  onChange(columns: TimeSeriesColumn[]): void;
}

/**
 * @example
 * <TimeSeriesColumnsControl label="Time series columns" value={fd.column_collection} onChange={(c) => set('column_collection', c)} />
 */
export function TimeSeriesColumnsControl({ label, value, onChange }: TimeSeriesColumnsControlProps) {
  const columns = asColumns(value);
  const update = (i: number, patch: Partial<TimeSeriesColumn>) => onChange(columns.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  return (
    <div className="bi-cf" role="group" aria-label={label}>
      {columns.map((column, i) => (
        <fieldset key={column.key} className="bi-ts-column">
          <legend>{describeColumn(column)}</legend>
          <ColumnFields column={column} onPatch={(patch) => update(i, patch)} />
          <button type="button" className="bi-button" aria-label={`Remove ${describeColumn(column)}`} onClick={() => onChange(columns.filter((_, j) => j !== i))}>
            Remove
          </button>
        </fieldset>
      ))}
      <button type="button" className="bi-button" onClick={() => onChange([...columns, { key: nextColumnKey(columns), label: '', colType: 'spark', comparisonType: '', bounds: [null, null], yAxisBounds: [null, null] }])}>
        Add column
      </button>
    </div>
  );
}

/** The fields of one column: the common ones, then those of its type. */
function ColumnFields({ column, onPatch }: { column: TimeSeriesColumn; onPatch(patch: Partial<TimeSeriesColumn>): void }) {
  const text = (field: 'label' | 'tooltip' | 'width' | 'height' | 'timeLag' | 'timeRatio' | 'd3format' | 'dateFormat', name: string) => (
    <Field name={name}>
      <input className="bi-input" aria-label={name} value={column[field] ?? ''} onChange={(e) => onPatch({ [field]: e.target.value })} />
    </Field>
  );
  const select = <K extends 'colType' | 'comparisonType' | 'sparkType'>(field: K, name: string, choices: ReadonlyArray<readonly [string, string]>) => (
    <Field name={name}>
      <select className="bi-input" aria-label={name} value={column[field] ?? ''} onChange={(e) => onPatch({ [field]: e.target.value } as Partial<TimeSeriesColumn>)}>
        {choices.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </Field>
  );
  const bounds = (field: 'bounds' | 'yAxisBounds', name: string) => {
    const current = column[field] ?? [null, null];
    const set = (i: number, raw: string) => onPatch({ [field]: current.map((b, j) => (j === i ? (raw === '' ? null : Number(raw)) : b)) });
    return (
      <Field name={name}>
        <span className="bi-bounds">
          <input className="bi-input" type="number" aria-label={`${name} min`} value={current[0] ?? ''} onChange={(e) => set(0, e.target.value)} />
          <input className="bi-input" type="number" aria-label={`${name} max`} value={current[1] ?? ''} onChange={(e) => set(1, e.target.value)} />
        </span>
      </Field>
    );
  };
  const type = column.colType ?? '';
  return (
    <>
      {text('label', 'Label')}
      {text('tooltip', 'Tooltip')}
      {select('colType', 'Type', [['', 'Select a type'], ...COLUMN_TYPES])}
      {type === 'spark' && (
        <>
          {select('sparkType', 'Chart type', SPARK_TYPES)}
          {text('width', 'Width')}
          {text('height', 'Height')}
          {text('timeRatio', 'Time ratio')}
          <Field name="Show Y-axis">
            <input type="checkbox" aria-label="Show Y-axis" checked={column.showYAxis === true} onChange={(e) => onPatch({ showYAxis: e.target.checked })} />
          </Field>
          {bounds('yAxisBounds', 'Y-axis bounds')}
          {text('dateFormat', 'Date format')}
        </>
      )}
      {type === 'time' && (
        <>
          {text('timeLag', 'Time lag')}
          {select('comparisonType', 'Type of comparison', COMPARISONS)}
        </>
      )}
      {type === 'avg' && text('timeRatio', 'Time ratio')}
      {text('d3format', 'Number format')}
      {type !== 'spark' && bounds('bounds', 'Color bounds')}
    </>
  );
}

function Field({ name, children }: { name: string; children: ReactNode }) {
  return (
    <label className="bi-cf-editor__field">
      {name}
      {children}
    </label>
  );
}
