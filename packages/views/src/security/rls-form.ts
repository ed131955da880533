/**
 * The row-level security rule dialog's form, the body POST/PUT /api/v1/rowlevelsecurity/ take, and which
 * field a server refusal is about.
 */

export type RlsFilterType = 'Regular' | 'Base';

/** A row of GET /api/v1/rowlevelsecurity/. */
export interface RlsRow extends Record<string, unknown> {
  id: number;
  name: string;
  filter_type: RlsFilterType;
  tables: { id: number; schema?: string | null; table_name: string }[];
  roles: { id: number; name: string }[];
  group_key?: string | null;
  clause: string;
  description?: string | null;
}

export interface RlsForm {
  name: string;
  filter_type: RlsFilterType;
  tables: number[];
  roles: number[];
  group_key: string;
  clause: string;
  description: string;
}

export type RlsField = keyof RlsForm;

export const emptyRlsForm = (): RlsForm => ({ name: '', filter_type: 'Regular', tables: [], roles: [], group_key: '', clause: '', description: '' });

export const rlsFormOf = (row: RlsRow): RlsForm => ({
  name: row.name,
  filter_type: row.filter_type,
  tables: row.tables.map((t) => t.id),
  roles: row.roles.map((r) => r.id),
  group_key: row.group_key ?? '',
  clause: row.clause,
  description: row.description ?? '',
});

/** A dataset as the list shows it: `schema.table` when it has a schema. */
export const tableLabel = (t: RlsRow['tables'][number]) => (t.schema ? `${t.schema}.${t.table_name}` : t.table_name);

const FIELD_PATTERNS: readonly [RegExp, RlsField][] = [
  [/clause/i, 'clause'],
  [/filter_type/i, 'filter_type'],
  [/group_key/i, 'group_key'],
  [/tables|dataset/i, 'tables'],
  [/roles?\b/i, 'roles'],
  [/name/i, 'name'],
];

/**
 * The field a server message is about, or null when it names none.
 *
 * @example
 * fieldOfRlsError('The clause is not valid for dataset sales (id 3): ...'); // 'clause'
 */
export function fieldOfRlsError(message: string): RlsField | null {
  return FIELD_PATTERNS.find(([pattern]) => pattern.test(message))?.[1] ?? null;
}
