import { X } from 'lucide-react';
import { OPERATOR_TO_OP, Operators, type AdhocFilter, type FilterClause, type FilterOperatorId } from '@lumen-bi/core';
import { useState } from 'react';
import { Select } from '../components/select';
import { columnKind } from './dataset-panel';
import { useDatasetDrop } from './dataset-drag';
import type { DatasourceMetadata } from './explore-types';
import { TimeRangePicker } from './time-range-picker';

/** The operators of spec 3 §3, with the words the filter editor shows. */
export const OPERATOR_LABELS: Readonly<Record<FilterOperatorId, string>> = {
  EQUALS: 'Equal to (=)',
  NOT_EQUALS: 'Not equal to (≠)',
  LESS_THAN: 'Less than (<)',
  LESS_THAN_OR_EQUAL: 'Less or equal (<=)',
  GREATER_THAN: 'Greater than (>)',
  GREATER_THAN_OR_EQUAL: 'Greater or equal (>=)',
  IN: 'In',
  NOT_IN: 'Not in',
  LIKE: 'Like',
  NOT_LIKE: 'Not like',
  ILIKE: 'Like (case insensitive)',
  IS_NOT_NULL: 'Is not null',
  IS_NULL: 'Is null',
  LATEST_PARTITION: 'use latest_partition template',
  IS_TRUE: 'Is true',
  IS_FALSE: 'Is false',
  TEMPORAL_RANGE: 'TEMPORAL_RANGE',
};

/** The spec's operator list, in its order (NOT_LIKE is the incumbent's extra and is listed after LIKE). */
export const FILTER_OPERATORS: readonly FilterOperatorId[] = [
  'EQUALS', 'NOT_EQUALS', 'LESS_THAN', 'LESS_THAN_OR_EQUAL', 'GREATER_THAN', 'GREATER_THAN_OR_EQUAL', 'IN', 'NOT_IN',
  'LIKE', 'ILIKE', 'IS_NOT_NULL', 'IS_NULL', 'LATEST_PARTITION', 'IS_TRUE', 'IS_FALSE', 'TEMPORAL_RANGE',
];

const UNARY: ReadonlySet<FilterOperatorId> = new Set(['IS_NOT_NULL', 'IS_NULL', 'IS_TRUE', 'IS_FALSE', 'LATEST_PARTITION']);
const MULTI: ReadonlySet<FilterOperatorId> = new Set(['IN', 'NOT_IN']);

/** The operator id of a stored filter, whichever of the two spellings it carries. */
export function operatorIdOf(filter: AdhocFilter): FilterOperatorId | null {
  if (filter.expressionType !== 'SIMPLE') return null;
  if (filter.operatorId) return filter.operatorId;
  if (filter.operator in Operators) return filter.operator as FilterOperatorId;
  return (Object.keys(OPERATOR_TO_OP) as FilterOperatorId[]).find((id) => OPERATOR_TO_OP[id] === filter.operator && id !== 'LATEST_PARTITION') ?? null;
}

/**
 * A one-line description of a filter for its chip.
 *
 * @example
 * filterLabel({ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'gender', operator: 'IN', comparator: ['boy'] }); // 'gender IN (boy)'
 */
export function filterLabel(filter: AdhocFilter): string {
  if (filter.expressionType === 'SQL') return `${filter.clause}: ${filter.sqlExpression}`;
  const id = operatorIdOf(filter);
  const op = id ? OPERATOR_TO_OP[id] : filter.operator;
  if (id && UNARY.has(id)) return `${filter.subject} ${op}`;
  const value = Array.isArray(filter.comparator) ? `(${filter.comparator.join(', ')})` : String(filter.comparator ?? '');
  return `${filter.subject} ${op} ${value}`;
}

// Numeric columns compare with numbers, so '5' does not become a string literal in SQL.
const coerce = (text: unknown, numeric: boolean): string | number =>
  numeric && typeof text === 'string' && text.trim() !== '' && !Number.isNaN(Number(text)) ? Number(text) : (text as string | number);

export interface AdhocFilterPopoverProps {
  datasource: DatasourceMetadata;
  filter?: AdhocFilter | null;
  /** A new filter's column, chosen in advance (a column dropped on the control). */
  initialSubject?: string | null;
  onSave(filter: AdhocFilter): void;
  onCancel(): void;
}

/**
 * The filter editor. SIMPLE: column, operator and comparator (a multi-value select for IN and NOT IN,
 * where pasted lists split on comma, CRLF, newline, tab and semicolon). SQL: clause and expression.
 *
 * @example
 * <AdhocFilterPopover datasource={ds} onSave={(f) => add(f)} onCancel={close} />
 */
export function AdhocFilterPopover({ datasource, filter, initialSubject, onSave, onCancel }: AdhocFilterPopoverProps) {
  const [mode, setMode] = useState<'SIMPLE' | 'SQL'>(filter?.expressionType ?? 'SIMPLE');
  const [subject, setSubject] = useState<string | null>(filter?.expressionType === 'SIMPLE' ? filter.subject : (initialSubject ?? null));
  const [operator, setOperator] = useState<FilterOperatorId>((filter && operatorIdOf(filter)) ?? 'EQUALS');
  const [comparator, setComparator] = useState<unknown>(filter?.expressionType === 'SIMPLE' ? (filter.comparator ?? null) : null);
  const [clause, setClause] = useState<FilterClause>(filter?.clause ?? 'WHERE');
  const [sql, setSql] = useState(filter?.expressionType === 'SQL' ? filter.sqlExpression : '');

  const column = datasource.columns.find((c) => c.column_name === subject);
  const numeric = column ? columnKind(column) === 'number' : false;
  const isMulti = MULTI.has(operator);
  const isUnary = UNARY.has(operator);
  const comparatorList = Array.isArray(comparator) ? comparator : comparator === null || comparator === '' ? [] : [comparator];

  const build = (): AdhocFilter | null => {
    const name = filter?.filterOptionName ?? `filter_${Math.random().toString(36).slice(2, 10)}`;
    if (mode === 'SQL') return sql.trim() ? { expressionType: 'SQL', clause, sqlExpression: sql.trim(), filterOptionName: name } : null;
    if (!subject) return null;
    const base = { expressionType: 'SIMPLE' as const, clause: 'WHERE' as const, subject, operator: OPERATOR_TO_OP[operator], operatorId: operator, filterOptionName: name };
    if (isUnary) return base;
    if (isMulti) return comparatorList.length ? { ...base, comparator: comparatorList.map((v) => coerce(v, numeric)) } : null;
    if (operator === 'TEMPORAL_RANGE') return { ...base, operator: 'TEMPORAL_RANGE', comparator: typeof comparator === 'string' ? comparator : 'No filter' };
    const single = Array.isArray(comparator) ? comparator[0] : comparator;
    return single === null || single === undefined || single === '' ? null : { ...base, comparator: coerce(single, numeric) };
  };
  const result = build();

  return (
    <div className="bi-popover" role="dialog" aria-label="Edit filter">
      <div className="bi-tabs" role="tablist">
        {(['SIMPLE', 'SQL'] as const).map((m) => (
          <button key={m} type="button" role="tab" aria-selected={mode === m} className={`bi-tab${mode === m ? ' bi-tab--active' : ''}`} onClick={() => setMode(m)}>
            {m === 'SIMPLE' ? 'Simple' : 'Custom SQL'}
          </button>
        ))}
      </div>
      {mode === 'SIMPLE' ? (
        <>
          <Select label="Filter column" options={datasource.columns.map((c) => ({ value: c.column_name, label: c.verbose_name || c.column_name }))} value={subject} onChange={(v) => setSubject((v as string | null) ?? null)} />
          <Select
            label="Operator"
            options={FILTER_OPERATORS.map((id) => ({ value: id, label: OPERATOR_LABELS[id] }))}
            value={operator}
            onChange={(v) => {
              if (typeof v !== 'string') return;
              const next = v as FilterOperatorId;
              setOperator(next);
              if (MULTI.has(next) !== isMulti) setComparator(MULTI.has(next) ? comparatorList : (comparatorList[0] ?? null));
            }}
          />
          {isMulti && <Select label="Filter values" multi freeForm options={[]} value={comparatorList} onChange={setComparator} placeholder="Type or paste values" />}
          {!isMulti && !isUnary && operator !== 'TEMPORAL_RANGE' && (
            <input className="bi-input" aria-label="Filter value" value={comparator === null || comparator === undefined ? '' : String(comparator)} onChange={(e) => setComparator(e.target.value)} />
          )}
          {operator === 'TEMPORAL_RANGE' && <TimeRangePicker label="Filter time range" value={comparator} onChange={setComparator} />}
        </>
      ) : (
        <>
          <Select label="Clause" options={[{ value: 'WHERE', label: 'WHERE' }, { value: 'HAVING', label: 'HAVING' }]} value={clause} onChange={(v) => v && setClause(v as FilterClause)} />
          <textarea className="bi-input bi-input--code" aria-label="SQL expression" rows={4} value={sql} onChange={(e) => setSql(e.target.value)} />
        </>
      )}
      <div className="bi-popover__actions">
        <button type="button" className="bi-button" onClick={onCancel}>
          Close
        </button>
        <button type="button" className="bi-button bi-button--primary" disabled={!result} onClick={() => result && onSave(result)}>
          Save
        </button>
      </div>
    </div>
  );
}

export interface AdhocFilterControlProps {
  label: string;
  datasource: DatasourceMetadata;
  value: unknown;
  onChange(value: AdhocFilter[]): void;
}

/** The filters control: a chip per filter (click to edit) and 'Add filter'; a dropped column opens a new filter on it. */
export function AdhocFilterControl({ label, datasource, value, onChange }: AdhocFilterControlProps) {
  const filters = (Array.isArray(value) ? value : []) as AdhocFilter[];
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [droppedSubject, setDroppedSubject] = useState<string | null>(null);
  const save = (filter: AdhocFilter) => {
    onChange(editing === 'new' || editing === null ? [...filters, filter] : filters.map((f, i) => (i === editing ? filter : f)));
    setEditing(null);
  };
  const drop = useDatasetDrop(['column'], datasource, (item) => {
    setDroppedSubject(item.name);
    setEditing('new');
  });
  return (
    <div className={`bi-filter-control${drop.over ? ' bi-drop-target--over' : ''}`} role="group" aria-label={label} {...drop.props}>
      <ul className="bi-chip-list">
        {filters.map((filter, index) => (
          <li className="bi-chip" key={filter.filterOptionName ?? index}>
            <button type="button" className="bi-link-button" onClick={() => setEditing(index)}>
              {filterLabel(filter)}
            </button>
            <button type="button" className="bi-chip__remove" aria-label={`Remove ${filterLabel(filter)}`} onClick={() => onChange(filters.filter((_, i) => i !== index))}>
              <X size={14} aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      {editing === null ? (
        <button
          type="button"
          className="bi-link-button"
          onClick={() => {
            setDroppedSubject(null);
            setEditing('new');
          }}
        >
          + Add filter
        </button>
      ) : (
        <AdhocFilterPopover
          key={editing === 'new' ? `new:${droppedSubject ?? ''}` : editing}
          datasource={datasource}
          filter={editing === 'new' ? null : filters[editing]}
          initialSubject={editing === 'new' ? droppedSubject : null}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      )}
    </div>
  );
}
