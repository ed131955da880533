import { randomUUID } from 'node:crypto';
import { badRequest, unprocessable } from '../../errors';
import { nowIso } from '../../metadata/connect';
import type { CurrentUser } from '../../security/current-user';
import type { AnyTrx, Json } from '../definition';
import { type FieldMap, pickColumns, validateInput } from '../fields';

/**
 * Dataset columns and metrics sent with PUT /api/v1/dataset/{id} (spec 2 §3): the list replaces the
 * dataset's children; items with a numeric id update that child, others are created, children missing from
 * the list are deleted. `override_columns` recreates the columns from the list, ignoring ids.
 */
const COLUMN_FIELDS: FieldMap = {
  id: { kind: 'integer', nullable: true },
  uuid: { kind: 'string', nullable: true },
  column_name: { kind: 'string', required: true, maxLength: 255 },
  type: { kind: 'string', nullable: true },
  advanced_data_type: { kind: 'string', nullable: true },
  verbose_name: { kind: 'string', nullable: true },
  description: { kind: 'string', nullable: true },
  expression: { kind: 'string', nullable: true },
  filterable: { kind: 'boolean' },
  groupby: { kind: 'boolean' },
  is_active: { kind: 'boolean', nullable: true },
  is_dttm: { kind: 'boolean' },
  python_date_format: { kind: 'string', nullable: true },
  extra: { kind: 'json', nullable: true, jsonObject: true },
};
const METRIC_FIELDS: FieldMap = {
  id: { kind: 'integer', nullable: true },
  uuid: { kind: 'string', nullable: true },
  metric_name: { kind: 'string', required: true, maxLength: 255 },
  expression: { kind: 'string', required: true },
  metric_type: { kind: 'string', nullable: true },
  description: { kind: 'string', nullable: true },
  d3format: { kind: 'string', nullable: true },
  currency: { kind: 'json', nullable: true, jsonObject: true },
  verbose_name: { kind: 'string', nullable: true },
  warning_text: { kind: 'string', nullable: true },
  extra: { kind: 'json', nullable: true, jsonObject: true },
};
/** Read-only keys a client may echo back from GET; dropped, never stored. */
const READ_ONLY = new Set(['created_on', 'changed_on', 'type_generic', 'is_certified', 'certified_by', 'certification_details', 'warning_markdown', 'changed_by', 'created_by']);

type Kind = 'column' | 'metric';
const SPEC = {
  column: { table: 'table_columns', fields: COLUMN_FIELDS, name: 'column_name', label: 'columns' },
  metric: { table: 'sql_metrics', fields: METRIC_FIELDS, name: 'metric_name', label: 'metrics' },
} as const;

function clean(kind: Kind, item: Json, index: number): Json {
  const body: Json = {};
  for (const [key, value] of Object.entries(item)) if (!READ_ONLY.has(key)) body[key] = value;
  // Ids are only meaningful when numeric (spec 2 §3); the edit modal sends temporary string ids for new rows.
  if (body.id !== undefined && typeof body.id !== 'number') delete body.id;
  if (kind === 'metric' && body.currency && typeof body.currency === 'object') body.currency = JSON.stringify(body.currency);
  try {
    return validateInput(SPEC[kind].fields, body, 'create');
  } catch (error) {
    throw badRequest(`${SPEC[kind].label}[${index}]: ${(error as Error).message}`);
  }
}

export async function replaceChildren(
  trx: AnyTrx,
  kind: Kind,
  datasetId: number,
  items: Json[],
  user: CurrentUser,
  override: boolean,
): Promise<void> {
  const spec = SPEC[kind];
  const cleaned = items.map((item, index) => clean(kind, item, index));
  const names = cleaned.map((c) => c[spec.name] as string);
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup !== undefined) throw unprocessable(`One or more ${spec.label} are duplicated: '${dup}'`);
  const existing = await trx.selectFrom(spec.table).select(['id', spec.name]).where('table_id', '=', datasetId).execute();
  const existingIds = new Set(existing.map((r) => r.id as number));
  if (override) {
    for (const c of cleaned) delete c.id;
  } else {
    const unknown = cleaned.filter((c) => typeof c.id === 'number' && !existingIds.has(c.id as number)).map((c) => c.id);
    if (unknown.length) throw badRequest(`Unknown ${kind} id ${unknown.join(', ')} for dataset ${datasetId}`);
  }
  const keep = new Set(cleaned.filter((c) => typeof c.id === 'number').map((c) => c.id as number));
  const remove = [...existingIds].filter((id) => !keep.has(id));
  if (remove.length) await trx.deleteFrom(spec.table).where('id', 'in', remove).execute();
  const now = nowIso();
  const columns = Object.keys(spec.fields).filter((k) => k !== 'id' && k !== 'uuid');
  for (const c of cleaned) {
    const values = pickColumns(c, columns);
    if (typeof c.id === 'number') {
      await trx.updateTable(spec.table).set({ ...values, changed_on: now, changed_by_fk: user.id }).where('id', '=', c.id).execute();
    } else {
      await trx
        .insertInto(spec.table)
        .values({
          ...values,
          table_id: datasetId,
          uuid: typeof c.uuid === 'string' && c.uuid ? c.uuid : randomUUID(),
          created_on: now,
          changed_on: now,
          created_by_fk: user.id,
          changed_by_fk: user.id,
        })
        .execute();
    }
  }
}
