import { sql } from 'kysely';
import { FieldErrors } from '../../errors';
import { formatAnnotationDatetime, NOT_A_DATETIME, parseAnnotationDatetime } from '../annotation-datetime';
import type { AnyDb, AnyTrx, Eb, Json, ResourceDefinition, Row } from '../definition';
import type { FieldMap } from '../fields';
import { allTextOperator, mergeFilters, relOneToMany, scalarFilter } from '../filters';
import { usersReferencedBy } from '../related-sources';
import { auditFields, auditUserIds, loadUsers } from '../serializers/relations';
import { auditOnCreate, auditOnUpdate } from '../writes';

/**
 * The annotations of one layer, the incumbent's AnnotationRestApi under
 * /api/v1/annotation_layer/{pk}/annotation/ (annotation-routes.ts). A definition is made per layer: its
 * visibility is that layer, so an annotation of another layer is 'Annotation not found' wherever it is named.
 */
export interface LayerRef {
  id: number;
  name: string;
}

export const END_BEFORE_START = 'End date must be after start date';
export const SHORT_DESCR_NOT_UNIQUE = 'Short description must be unique for this layer';
export const JSON_NOT_VALID = 'JSON not valid';

const FIELDS: FieldMap = {
  short_descr: { kind: 'string', maxLength: 500 },
  long_descr: { kind: 'string', nullable: true },
  start_dttm: { kind: 'string' },
  // As the incumbent's AnnotationPutSchema: an edit may clear the end.
  end_dttm: { kind: 'string', nullable: true },
  json_metadata: { kind: 'string', nullable: true, emptyAsNull: true },
};
const CREATE_FIELDS: FieldMap = {
  ...FIELDS,
  short_descr: { ...FIELDS.short_descr!, required: true },
  start_dttm: { kind: 'string', required: true },
  end_dttm: { kind: 'string', required: true },
};
const COLUMNS = ['short_descr', 'long_descr', 'start_dttm', 'end_dttm', 'json_metadata'];

/**
 * The stored values of a validated body: times in the store's UTC form and JSON checked. Wrong values answer
 * 400 per field, all at once, as marshmallow does.
 */
function storedValues(input: Json): Json {
  const errors: Record<string, string[]> = {};
  const out: Json = {};
  for (const column of COLUMNS) {
    if (!(column in input)) continue;
    const value = input[column];
    if ((column === 'start_dttm' || column === 'end_dttm') && typeof value === 'string') {
      const stored = parseAnnotationDatetime(value);
      if (stored === null) errors[column] = [NOT_A_DATETIME];
      out[column] = stored;
    } else if (column === 'short_descr' && typeof value === 'string' && value.trim() === '') {
      errors[column] = ['Short description may not be empty'];
    } else if (column === 'json_metadata' && typeof value === 'string' && !isJson(value)) {
      errors[column] = [JSON_NOT_VALID];
    } else {
      out[column] = value;
    }
  }
  if (Object.keys(errors).length) throw new FieldErrors(400, errors);
  return out;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The incumbent's command checks (422 per field): the end not before the start, a short description unique in its layer. */
async function checkAnnotation(trx: AnyTrx, layerId: number, merged: Json, selfId: number | null): Promise<void> {
  const errors: Record<string, string[]> = {};
  const { start_dttm: start, end_dttm: end } = merged;
  // Both are UTC ISO text of one length, so text order is time order.
  if (typeof start === 'string' && typeof end === 'string' && end < start) errors.start_dttm = [END_BEFORE_START];
  if (typeof merged.short_descr === 'string') {
    let query = trx.selectFrom('annotation').select('id').where('layer_id', '=', layerId).where('short_descr', '=', merged.short_descr);
    if (selfId !== null) query = query.where('id', '<>', selfId);
    if (await query.executeTakeFirst()) errors.short_descr = [SHORT_DESCR_NOT_UNIQUE];
  }
  if (Object.keys(errors).length) throw new FieldErrors(422, errors);
}

async function serialize(rows: Row[], db: AnyDb, layer: LayerRef): Promise<Json[]> {
  const users = await loadUsers(db, auditUserIds(rows));
  return rows.map((row) => ({
    id: row.id,
    short_descr: row.short_descr,
    long_descr: row.long_descr,
    start_dttm: formatAnnotationDatetime(row.start_dttm),
    end_dttm: formatAnnotationDatetime(row.end_dttm),
    json_metadata: row.json_metadata,
    layer: { id: layer.id, name: layer.name },
    ...auditFields(row, users),
  }));
}

/** What POST and PUT echo as `result`: the fields sent, times in the answered form, and the layer id, as the incumbent. */
export function echoAnnotation(input: Json, layerId: number): Json {
  const out: Json = { ...input, layer: layerId };
  for (const column of ['start_dttm', 'end_dttm']) {
    if (typeof input[column] === 'string') out[column] = formatAnnotationDatetime(parseAnnotationDatetime(input[column] as string));
  }
  return out;
}

/** The incumbent's list columns (AnnotationRestApi.get_list), returned when select_columns names none. */
const LIST = [
  'id', 'short_descr', 'long_descr', 'created_by.id', 'created_by.first_name', 'changed_by.id', 'changed_by.first_name',
  'changed_on_delta_humanized', 'start_dttm', 'end_dttm',
];
const SHOW = ['id', 'short_descr', 'long_descr', 'start_dttm', 'end_dttm', 'json_metadata', 'layer.id', 'layer.name'];
const userName = (fk: string) => (eb: Eb) => eb.selectFrom('ab_user as u').select('u.first_name').whereRef('u.id', '=', `t.${fk}`);

export function annotationDefinition(layer: LayerRef): ResourceDefinition {
  return {
    name: 'annotation',
    table: 'annotation',
    view: 'Annotation',
    thing: 'annotation',
    plural: 'annotations',
    listTitle: 'List Annotation',
    showTitle: 'Show Annotation',
    listColumns: LIST,
    extraSelectable: ['json_metadata', 'layer', 'created_by', 'changed_by', 'changed_on', 'created_on'],
    showColumns: SHOW,
    labels: { short_descr: 'Short Descr', long_descr: 'Long Descr', start_dttm: 'Start Dttm', end_dttm: 'End Dttm' },
    orderColumns: {
      id: () => sql.ref('t.id'),
      short_descr: () => sql.ref('t.short_descr'),
      start_dttm: () => sql.ref('t.start_dttm'),
      end_dttm: () => sql.ref('t.end_dttm'),
      changed_on: () => sql.ref('t.changed_on'),
      changed_on_delta_humanized: () => sql.ref('t.changed_on'),
      'created_by.first_name': userName('created_by_fk'),
      'changed_by.first_name': userName('changed_by_fk'),
    },
    defaultOrder: { column: 'id', direction: 'asc' },
    filters: {
      id: scalarFilter('id', 'number', ['eq', 'neq', 'in', 'gt', 'lt']),
      short_descr: mergeFilters(scalarFilter('short_descr', 'string'), { annotation_all_text: allTextOperator(['short_descr', 'long_descr']) }),
      start_dttm: scalarFilter('start_dttm', 'datetime'),
      end_dttm: scalarFilter('end_dttm', 'datetime'),
      created_by: relOneToMany('created_by', 'created_by_fk'),
      changed_by: relOneToMany('changed_by', 'changed_by_fk'),
    },
    related: {
      created_by: usersReferencedBy('annotation', 'created_by_fk'),
      changed_by: usersReferencedBy('annotation', 'changed_by_fk'),
    },
    distinct: {},
    maxPageSize: 100,
    visibility: (eb) => eb('t.layer_id', '=', layer.id),
    serializeList: (rows, scope) => serialize(rows, scope.db, layer),
    serializeShow: async (row, scope) => (await serialize([row], scope.db, layer))[0]!,
    createFields: CREATE_FIELDS,
    updateFields: FIELDS,
    async create(trx, input, scope) {
      const values = storedValues(input);
      await checkAnnotation(trx, layer.id, values, null);
      const audit = auditOnCreate(scope.user);
      delete audit.uuid;
      const row = await trx.insertInto('annotation').values({ ...values, layer_id: layer.id, ...audit }).returning('id').executeTakeFirstOrThrow();
      return row.id as number;
    },
    async update(trx, row, input, scope) {
      const values = storedValues(input);
      await checkAnnotation(trx, layer.id, { ...row, ...values, short_descr: values.short_descr }, row.id as number);
      await trx.updateTable('annotation').set({ ...values, ...auditOnUpdate(scope.user) }).where('id', '=', row.id as number).execute();
    },
    echo: (input) => echoAnnotation(input, layer.id),
  };
}
