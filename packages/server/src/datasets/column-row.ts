import { randomUUID } from 'node:crypto';
import { nowIso } from '../metadata/connect';
import type { NewRow } from '../metadata/schema';

export interface ColumnFields {
  column_name: string;
  type?: string | null;
  expression?: string | null;
  verbose_name?: string | null;
  is_dttm?: boolean;
}

/** A new table_columns row with the defaults every creation path shares (active, filterable, groupable). */
export function newColumnRow(tableId: number, column: ColumnFields, userId: number | null, now: string = nowIso()): NewRow<'table_columns'> {
  return {
    uuid: randomUUID(),
    table_id: tableId,
    column_name: column.column_name,
    type: column.type || null,
    advanced_data_type: null,
    verbose_name: column.verbose_name ?? null,
    description: null,
    expression: column.expression ?? null,
    filterable: 1,
    groupby: 1,
    is_active: 1,
    is_dttm: column.is_dttm ? 1 : 0,
    python_date_format: null,
    extra: null,
    created_on: now,
    changed_on: now,
    created_by_fk: userId,
    changed_by_fk: userId,
  };
}
