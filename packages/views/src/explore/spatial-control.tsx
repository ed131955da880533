/**
 * The deck charts' spatial control (form data `spatial`, `start_spatial`, `end_spatial`), the incumbent's
 * value: {type: 'latlong', lonCol, latCol} | {type: 'delimited', lonlatCol, reverseCheckbox} |
 * {type: 'geohash', geohashCol, reverseCheckbox}. A labelled choice of how the coordinates are stored,
 * then labelled column pickers of the dataset's columns for that way; every part is a native control or
 * the keyboard-operable Select. What is missing is said by the 'spatial' validator under the control.
 */
import { useId } from 'react';
import { Select } from '../components/select';
import type { SelectOption } from '../components/select-values';
import type { DatasourceMetadata } from './explore-types';

type SpatialType = 'latlong' | 'delimited' | 'geohash';
type SpatialValue = { type: SpatialType; lonCol?: string; latCol?: string; lonlatCol?: string; geohashCol?: string; reverseCheckbox?: boolean };

/** The ways coordinates can be stored, as the incumbent names them. */
export const SPATIAL_TYPES: ReadonlyArray<{ value: SpatialType; label: string }> = [
  { value: 'latlong', label: 'Longitude and latitude columns' },
  { value: 'delimited', label: 'One delimited "lat,lon" column' },
  { value: 'geohash', label: 'Geohash column' },
];

/** The column keys each type reads, with their pickers' labels. */
const COLUMNS: Record<SpatialType, ReadonlyArray<readonly ['lonCol' | 'latCol' | 'lonlatCol' | 'geohashCol', string]>> = {
  latlong: [['lonCol', 'Longitude column'], ['latCol', 'Latitude column']],
  delimited: [['lonlatCol', 'Delimited column']],
  geohash: [['geohashCol', 'Geohash column']],
};

/** A saved value as the widget reads it (unset or unknown: two columns, none chosen yet). */
export function readSpatial(value: unknown): SpatialValue {
  const v = (value && typeof value === 'object' ? value : {}) as Partial<SpatialValue>;
  const type = SPATIAL_TYPES.some((t) => t.value === v.type) ? (v.type as SpatialType) : 'latlong';
  return { ...v, type };
}

/**
 * The value after choosing another type: only that type's keys, keeping a column already chosen for the
 * first one (a delimited column read as a geohash keeps its name), so nothing stale is saved.
 *
 * @example
 * withType({ type: 'latlong', lonCol: 'lon', latCol: 'lat' }, 'delimited'); // { type: 'delimited' }
 */
export function withType(current: SpatialValue, type: SpatialType): SpatialValue {
  const next: SpatialValue = { type };
  for (const [key] of COLUMNS[type]) if (current[key]) next[key] = current[key];
  if (type !== 'latlong') next.reverseCheckbox = Boolean(current.reverseCheckbox);
  return next;
}

export interface SpatialControlProps {
  label: string;
  value: unknown;
  datasource: DatasourceMetadata;
  onChange(value: SpatialValue): void;
}

/**
 * @example
 * <SpatialControl label="Longitude & Latitude" value={fd.spatial} datasource={ds} onChange={set} />
 */
export function SpatialControl({ label, value, datasource, onChange }: SpatialControlProps) {
  const spatial = readSpatial(value);
  const reverseId = useId();
  const columns: SelectOption[] = datasource.columns.map((c) => ({ value: c.column_name, label: c.verbose_name || c.column_name }));
  return (
    <fieldset className="bi-spatial" aria-label={label}>
      <Select
        label={`${label}: coordinates as`}
        options={SPATIAL_TYPES}
        value={spatial.type}
        onChange={(type) => onChange(withType(spatial, (type as SpatialType | null) ?? 'latlong'))}
      />
      {COLUMNS[spatial.type].map(([key, columnLabel]) => (
        <Select key={key} label={`${label}: ${columnLabel}`} placeholder={columnLabel} options={columns} value={spatial[key] ?? null} onChange={(column) => onChange({ ...spatial, [key]: (column as string | null) ?? undefined })} />
      ))}
      {spatial.type !== 'latlong' && (
        <label className="bi-spatial__reverse" htmlFor={reverseId}>
          <input id={reverseId} type="checkbox" checked={Boolean(spatial.reverseCheckbox)} onChange={(e) => onChange({ ...spatial, reverseCheckbox: e.target.checked })} />
          Reverse (read "lon,lat")
        </label>
      )}
    </fieldset>
  );
}
