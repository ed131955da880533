import { Clock, Hash, Sigma, ToggleLeft, Type } from 'lucide-react';
import { useState } from 'react';
import { startDatasetDrag } from './dataset-drag';
import type { DatasetColumn, DatasourceMetadata } from './explore-types';
import { timeColumnOf } from './explore-form-data';
import { ItemLabel } from './metric-label';

/** A column's kind for its icon, from Superset's generic type codes, else its SQL type. */
export function columnKind(column: DatasetColumn): 'time' | 'number' | 'string' | 'boolean' {
  if (column.is_dttm || column.type_generic === 2) return 'time';
  if (column.type_generic === 0) return 'number';
  if (column.type_generic === 3) return 'boolean';
  if (column.type_generic === 1) return 'string';
  const type = (column.type ?? '').toUpperCase();
  if (/DATE|TIME/.test(type)) return 'time';
  if (/INT|DEC|NUM|FLOAT|DOUBLE|REAL/.test(type)) return 'number';
  if (/BOOL/.test(type)) return 'boolean';
  return 'string';
}

/** The icon component and the accessible name of each column kind. */
const ICONS = { time: [Clock, 'time'], number: [Hash, 'number'], string: [Type, 'string'], boolean: [ToggleLeft, 'boolean'] } as const;

/** The 'Time' pseudo-column (spec 2 §3): type TIMESTAMP, standing for the dataset's time column. */
export const TIME_PSEUDO_COLUMN: DatasetColumn = { column_name: 'Time', type: 'TIMESTAMP', is_dttm: true, type_generic: 2, description: 'The dataset’s time column' };

export interface DatasetPanelProps {
  datasource: DatasourceMetadata;
}

/**
 * The dataset's metrics and columns, searchable, with type icons, certification and warnings, and the
 * 'Time' pseudo-column when the dataset has a temporal column. Items drag onto the metric, group-by and
 * filter controls ('Time' drags as the dataset's time column).
 *
 * @example
 * <DatasetPanel datasource={store.datasource.value} />
 */
export function DatasetPanel({ datasource }: DatasetPanelProps) {
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const matches = (name: string, verbose?: string | null) => !needle || name.toLowerCase().includes(needle) || (verbose ?? '').toLowerCase().includes(needle);
  const metrics = datasource.metrics.filter((m) => matches(m.metric_name, m.verbose_name));
  const timeColumn = timeColumnOf(datasource);
  const timePseudo = timeColumn ? { ...TIME_PSEUDO_COLUMN, expression: timeColumn } : null;
  const columns = [...(timePseudo ? [timePseudo] : []), ...datasource.columns].filter((c) => matches(c.column_name, c.verbose_name));
  return (
    <aside className="bi-dataset-panel" aria-label="Dataset">
      <h2 className="bi-dataset-panel__title">{datasource.name}</h2>
      <input className="bi-input" type="search" aria-label="Search metrics & columns" placeholder="Search metrics & columns" value={search} onChange={(e) => setSearch(e.target.value)} />
      <section aria-label="Metrics">
        <h3>
          Metrics <span className="bi-count">({metrics.length})</span>
        </h3>
        <ul className="bi-dataset-panel__list">
          {metrics.map((metric) => (
            <li key={metric.metric_name} draggable className="bi-draggable" onDragStart={(e) => startDatasetDrag(e.dataTransfer, { kind: 'metric', name: metric.metric_name })}>
              <ItemLabel name={metric.metric_name} item={metric} icon={<Sigma size={14} aria-hidden="true" />} iconTitle="metric" />
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="Columns">
        <h3>
          Columns <span className="bi-count">({columns.length})</span>
        </h3>
        <ul className="bi-dataset-panel__list">
          {columns.map((column) => {
            const [Icon, title] = ICONS[columnKind(column)];
            const name = column === timePseudo && timeColumn ? timeColumn : column.column_name;
            return (
              <li key={column.column_name} draggable className="bi-draggable" onDragStart={(e) => startDatasetDrag(e.dataTransfer, { kind: 'column', name })}>
                <ItemLabel name={column.column_name} item={column} icon={<Icon size={14} aria-hidden="true" />} iconTitle={title} />
              </li>
            );
          })}
        </ul>
      </section>
    </aside>
  );
}
