import { sql } from 'kysely';
import { badRequest, LumenError, unprocessable } from '../errors';
import { checkDatasetFragment } from '../chart-data/dataset-fragment';
import { nowIso } from '../metadata/connect';
import type { AnyDb, AnyTrx, Json, RequestScope, Row } from '../resources/definition';
import { type FieldMap, pickColumns } from '../resources/fields';
import { relManyToMany, relOneToMany, scalarFilter } from '../resources/filters';
import { datasetsSource, rolesSource } from '../resources/related-sources';
import { auditFields, auditUserIds, loadUsers } from '../resources/serializers/relations';
import { ensureIdsExist, setLinks } from '../resources/writes';
import type { AdminResource } from './admin-resource';

/**
 * /api/v1/rowlevelsecurity/: the incumbent's row-level security rules. chart-data/rls.ts applies them
 * (Regular: to the rule's roles; Base: to everyone else; one group_key = ORed, groups ANDed). A clause is
 * parsed with the engine of each dataset the rule names and checked against its columns before it is saved,
 * so a rule can never break (or widen) every chart on a dataset afterwards.
 */
const FILTER_TYPES = ['Regular', 'Base'];

const FIELDS: FieldMap = {
  name: { kind: 'string', maxLength: 255 },
  description: { kind: 'string', nullable: true },
  filter_type: { kind: 'string' },
  tables: { kind: 'ids' },
  roles: { kind: 'ids' },
  group_key: { kind: 'string', nullable: true, emptyAsNull: true },
  clause: { kind: 'string' },
};
const CREATE_FIELDS: FieldMap = {
  ...FIELDS,
  name: { ...FIELDS.name, required: true },
  filter_type: { ...FIELDS.filter_type, required: true },
  tables: { ...FIELDS.tables, required: true },
  roles: { ...FIELDS.roles, required: true },
  clause: { ...FIELDS.clause, required: true },
};
const COLUMNS = ['name', 'description', 'filter_type', 'group_key', 'clause'];

const LIST = [
  'id', 'name', 'filter_type', 'tables.id', 'tables.schema', 'tables.table_name', 'roles.id', 'roles.name', 'clause', 'group_key', 'description',
  'changed_on_delta_humanized', 'changed_by.first_name', 'changed_by.last_name', 'changed_by.id',
];
const SHOW = ['id', 'name', 'description', 'filter_type', 'tables.id', 'tables.schema', 'tables.table_name', 'roles.id', 'roles.name', 'group_key', 'clause'];

async function loadLinked(db: AnyDb, ruleIds: number[]) {
  const tables = new Map<number, Json[]>(ruleIds.map((id) => [id, []]));
  const roles = new Map<number, Json[]>(ruleIds.map((id) => [id, []]));
  if (!ruleIds.length) return { tables, roles };
  const [tableRows, roleRows] = await Promise.all([
    db.selectFrom('rls_filter_tables as l').innerJoin('tables as d', 'd.id', 'l.table_id').select(['l.rls_filter_id', 'd.id', 'd.schema', 'd.table_name']).where('l.rls_filter_id', 'in', ruleIds).orderBy('d.table_name').execute(),
    db.selectFrom('rls_filter_roles as l').innerJoin('ab_role as r', 'r.id', 'l.role_id').select(['l.rls_filter_id', 'r.id', 'r.name']).where('l.rls_filter_id', 'in', ruleIds).orderBy('r.name').execute(),
  ]);
  for (const row of tableRows) tables.get(row.rls_filter_id as number)?.push({ id: row.id, schema: row.schema, table_name: row.table_name });
  for (const row of roleRows) roles.get(row.rls_filter_id as number)?.push({ id: row.id, name: row.name });
  return { tables, roles };
}

async function serialize(rows: Row[], db: AnyDb): Promise<Json[]> {
  const ids = rows.map((r) => r.id as number);
  const [{ tables, roles }, users] = await Promise.all([loadLinked(db, ids), loadUsers(db, auditUserIds(rows))]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    filter_type: row.filter_type,
    group_key: row.group_key,
    clause: row.clause,
    tables: tables.get(row.id as number) ?? [],
    roles: roles.get(row.id as number) ?? [],
    ...auditFields(row, users),
  }));
}

/**
 * Checks the clause (as it will be saved) against every dataset of the rule; a dataset that does not exist
 * is left to the 422 of the write, a clause that fails answers 400 naming the dataset and the problem.
 */
async function checkClause(scope: RequestScope, clause: string, datasetIds: number[]): Promise<string> {
  if (!clause.trim()) throw badRequest("Field 'clause' may not be empty");
  const datasets = datasetIds.length
    ? await scope.db.selectFrom('tables').select(['id', 'table_name']).where('id', 'in', datasetIds).orderBy('id').execute()
    : [];
  let text = clause.trim();
  for (const dataset of datasets) {
    try {
      text = await checkDatasetFragment(scope.ctx, dataset.id as number, clause, 'where');
    } catch (error) {
      if (error instanceof LumenError && error.statusCode === 400) {
        throw badRequest(`The clause is not valid for dataset ${dataset.table_name} (id ${dataset.id}): ${error.message}`, { dataset_id: dataset.id, ...(error.extra ?? {}) });
      }
      throw error;
    }
  }
  return text;
}

async function currentTables(db: AnyDb, ruleId: number): Promise<number[]> {
  const rows = await db.selectFrom('rls_filter_tables').select('table_id').where('rls_filter_id', '=', ruleId).execute();
  return rows.map((r) => r.table_id as number);
}

async function ensureFreeName(trx: AnyTrx, name: string, selfId?: number): Promise<void> {
  let query = trx.selectFrom('row_level_security_filters').select('id').where('name', '=', name);
  if (selfId !== undefined) query = query.where('id', '<>', selfId);
  if (await query.executeTakeFirst()) throw unprocessable(`A row level security rule named '${name}' already exists`);
}

async function writeLinks(trx: AnyTrx, id: number, input: Json): Promise<void> {
  if (input.tables !== undefined) {
    await ensureIdsExist(trx, 'tables', input.tables as number[], 'Datasets');
    await setLinks(trx, 'rls_filter_tables', 'rls_filter_id', 'table_id', id, input.tables as number[]);
  }
  if (input.roles !== undefined) {
    await ensureIdsExist(trx, 'ab_role', input.roles as number[], 'Roles');
    await setLinks(trx, 'rls_filter_roles', 'rls_filter_id', 'role_id', id, input.roles as number[]);
  }
}

export const rlsResource: AdminResource = {
  name: 'rowlevelsecurity',
  table: 'row_level_security_filters',
  view: 'Row Level Security',
  thing: 'row level security rule',
  plural: 'row level security rules',
  listTitle: 'Row Level Security',
  showTitle: 'Show Row Level Security Filter',
  adminOnlyWrites: 'Only admins can manage row level security rules: a rule decides which rows every role sees',
  listColumns: LIST,
  extraSelectable: ['tables', 'roles', 'changed_by', 'created_by', 'changed_on', 'created_on'],
  showColumns: SHOW,
  orderColumns: {
    id: () => sql.ref('t.id'),
    name: () => sql.ref('t.name'),
    filter_type: () => sql.ref('t.filter_type'),
    group_key: () => sql.ref('t.group_key'),
    clause: () => sql.ref('t.clause'),
    changed_on: () => sql.ref('t.changed_on'),
    changed_on_delta_humanized: () => sql.ref('t.changed_on'),
  },
  defaultOrder: { column: 'changed_on', direction: 'desc' },
  filters: {
    id: scalarFilter('id', 'number', ['eq', 'neq', 'in', 'gt', 'lt']),
    name: scalarFilter('name', 'string'),
    filter_type: scalarFilter('filter_type', 'string', ['eq', 'neq', 'in']),
    group_key: scalarFilter('group_key', 'string'),
    clause: scalarFilter('clause', 'string'),
    description: scalarFilter('description', 'string'),
    tables: relManyToMany('tables', 'rls_filter_tables', 'rls_filter_id', 'table_id'),
    roles: relManyToMany('roles', 'rls_filter_roles', 'rls_filter_id', 'role_id'),
    created_by: relOneToMany('created_by', 'created_by_fk'),
    changed_by: relOneToMany('changed_by', 'changed_by_fk'),
  },
  related: { tables: datasetsSource, roles: rolesSource },
  distinct: {},
  maxPageSize: 100,
  serializeList: (rows, scope) => serialize(rows, scope.db),
  serializeShow: async (row, scope) => (await serialize([row], scope.db))[0],
  createFields: CREATE_FIELDS,
  updateFields: FIELDS,
  /** filter_type and tables are checked first, then the clause as it will be saved, on the datasets it will apply to. */
  async prepare(input, scope, row) {
    if (input.filter_type !== undefined && !FILTER_TYPES.includes(input.filter_type as string)) {
      throw badRequest(`Field 'filter_type' must be one of ${FILTER_TYPES.join(', ')}, got '${input.filter_type}'`);
    }
    // A new rule names at least one dataset (the incumbent's post schema: minItems 1); an update may take
    // them all away, leaving a rule that applies nowhere, as the incumbent's put schema allows.
    if (!row && Array.isArray(input.tables) && input.tables.length === 0) throw badRequest("Field 'tables' must name at least one dataset");
    if (input.clause === undefined && input.tables === undefined) return input;
    const clause = (input.clause ?? row?.clause) as string;
    const tables = (input.tables as number[] | undefined) ?? (await currentTables(scope.db, row!.id as number));
    return { ...input, clause: await checkClause(scope, clause, tables) };
  },
  async create(w, input) {
    const name = (input.name as string).trim();
    await ensureFreeName(w.trx, name);
    const now = nowIso();
    const values = { ...pickColumns(input, COLUMNS), name, created_on: now, changed_on: now, created_by_fk: w.user.id, changed_by_fk: w.user.id };
    const row = await w.trx.insertInto('row_level_security_filters').values(values).returning('id').executeTakeFirstOrThrow();
    await writeLinks(w.trx, row.id as number, input);
    return row.id as number;
  },
  async update(w, row, input) {
    const values: Json = { ...pickColumns(input, COLUMNS), changed_on: nowIso(), changed_by_fk: w.user.id };
    if (typeof input.name === 'string') {
      values.name = input.name.trim();
      await ensureFreeName(w.trx, values.name as string, row.id as number);
    }
    await w.trx.updateTable('row_level_security_filters').set(values).where('id', '=', row.id as number).execute();
    await writeLinks(w.trx, row.id as number, input);
  },
};
