import { sql } from 'kysely';
import { assertReadOnlySetting, getEngineSpec, maskUriPassword, parseDatabaseUri } from '../../engines';
import { badRequest, unprocessable } from '../../errors';
import type { AnyDb, AnyTrx, Json, ResourceDefinition, Row } from '../definition';
import { type FieldMap, pickColumns } from '../fields';
import { mergeFilters, relOneToMany, scalarFilter } from '../filters';
import { usersReferencedBy } from '../related-sources';
import { auditFields, auditUserIds, loadUsers, parseJsonText } from '../serializers/relations';
import { auditOnCreate, auditOnUpdate } from '../writes';
import { assertUriNotLumenFile } from '../../databases/data-dir-guard';
import { sealDatabaseSecrets } from '../../security/database-secrets';
import { databaseAccessCondition } from '../../security/data-access-sql';
import { dataAccessOf } from '../../security/data-access';
import { databaseAccessDenied } from '../../security/data-access-errors';

/** What a masked password looks like in URIs the API returns (the incumbent's PASSWORD_MASK). */
export const PASSWORD_MASK = 'XXXXXXXXXX';

const FLAGS = ['expose_in_sqllab', 'allow_run_async', 'allow_dml', 'allow_ctas', 'allow_cvas', 'allow_file_upload', 'allow_multi_catalog', 'disable_data_preview', 'impersonate_user'];
const FIELDS: FieldMap = {
  database_name: { kind: 'string', maxLength: 250 },
  sqlalchemy_uri: { kind: 'string', maxLength: 1024 },
  ...Object.fromEntries(FLAGS.map((f) => [f, { kind: 'boolean' as const }])),
  cache_timeout: { kind: 'integer', nullable: true, emptyAsNull: true },
  extra: { kind: 'json', nullable: true, jsonObject: true },
  masked_encrypted_extra: { kind: 'json', nullable: true, jsonObject: true },
  force_ctas_schema: { kind: 'string', nullable: true, emptyAsNull: true },
  configuration_method: { kind: 'string' },
  server_cert: { kind: 'string', nullable: true, emptyAsNull: true },
  is_managed_externally: { kind: 'boolean', nullable: true },
  external_url: { kind: 'string', nullable: true },
  uuid: { kind: 'string' },
  // Sent by the connection form; the URI is what Lumen stores.
  engine: { kind: 'string', nullable: true },
  driver: { kind: 'string', nullable: true },
  parameters: { kind: 'object', nullable: true },
  ssh_tunnel: { kind: 'object', nullable: true },
};
const COLUMNS = [...FLAGS, 'database_name', 'cache_timeout', 'extra', 'force_ctas_schema', 'configuration_method', 'server_cert', 'is_managed_externally', 'external_url'];

async function checkName(trx: AnyTrx, name: unknown, selfId?: number): Promise<void> {
  if (typeof name !== 'string') return;
  let query = trx.selectFrom('dbs').select('id').where('database_name', '=', name);
  if (selfId !== undefined) query = query.where('id', '<>', selfId);
  if (await query.executeTakeFirst()) throw unprocessable('A database with the same name already exists.');
}

/**
 * The URI a create/update asks for: `sqlalchemy_uri` as given, or built from the connection form's `engine` +
 * `parameters` (the incumbent's dynamic form), with every missing required parameter named.
 */
function requestedUri(input: Json): string | undefined {
  if (typeof input.sqlalchemy_uri === 'string') return input.sqlalchemy_uri;
  if (input.parameters === undefined || input.parameters === null) return undefined;
  if (typeof input.engine !== 'string' || !input.engine) throw badRequest('engine is required with parameters');
  const spec = getEngineSpec(input.engine);
  const parameters = input.parameters as Record<string, unknown>;
  const missing = spec.requiredParameters.filter((name) => parameters[name] === undefined || parameters[name] === null || parameters[name] === '');
  if (missing.length) {
    throw badRequest(`Missing required parameters: ${missing.join(', ')}`, { missing, invalid: Object.fromEntries(missing.map((name) => [name, ['This is a required field']])) });
  }
  return spec.buildUri(parameters as never);
}

/** Splits the password off the URI (it is stored apart and never returned); a masked password keeps the stored one. */
function uriColumns(uri: string, previous?: Row): Json {
  const parsed = parseDatabaseUri(uri);
  const masked = parsed.password === PASSWORD_MASK;
  return {
    sqlalchemy_uri: parsed.uriWithoutPassword,
    password: masked ? (previous?.password ?? null) : parsed.password,
    backend: parsed.backend,
  };
}

/** The stored URI with the password shown as the mask, like the incumbent. */
export function maskedUri(row: Row): string {
  const uri = String(row.sqlalchemy_uri ?? '');
  if (!row.password) return uri;
  return maskUriPassword(uri.replace(/^([^:]+:\/\/[^:/@?]*)@/, `$1:${PASSWORD_MASK}@`));
}

async function serialize(rows: Row[], db: AnyDb): Promise<Json[]> {
  const users = await loadUsers(db, auditUserIds(rows));
  return rows.map((row) => {
    const extra = (parseJsonText(row.extra) ?? {}) as Json;
    const flags = Object.fromEntries(FLAGS.map((f) => [f, row[f] === 1]));
    return {
      id: row.id,
      uuid: row.uuid,
      database_name: row.database_name,
      backend: row.backend,
      engine: row.backend,
      sqlalchemy_uri: maskedUri(row),
      ...flags,
      cache_timeout: row.cache_timeout,
      extra: row.extra,
      force_ctas_schema: row.force_ctas_schema,
      configuration_method: row.configuration_method,
      is_managed_externally: row.is_managed_externally === 1,
      external_url: row.external_url,
      allows_subquery: true,
      allows_cost_estimate: false,
      allows_virtual_table_explore: extra.allows_virtual_table_explore !== false,
      disable_drill_to_detail: extra.disable_drill_to_detail === true,
      explore_database_id: row.id,
      engine_information: { supports_file_upload: true, disable_ssh_tunneling: true, supports_dynamic_catalog: false, supports_oauth2: false },
      changed_on_utc: row.changed_on,
      ...auditFields(row, users),
    };
  });
}

/** The incumbent's database list columns (DatabaseRestApi.get_list), returned when select_columns names none. */
const LIST = [
  'allow_ctas', 'allow_cvas', 'allow_dml', 'allow_file_upload', 'allow_multi_catalog', 'allow_run_async', 'allows_cost_estimate',
  'allows_subquery', 'allows_virtual_table_explore', 'backend', 'changed_by.first_name', 'changed_by.last_name', 'changed_on',
  'changed_on_delta_humanized', 'created_by.first_name', 'created_by.last_name', 'database_name', 'disable_data_preview',
  'disable_drill_to_detail', 'engine_information', 'explore_database_id', 'expose_in_sqllab', 'extra', 'force_ctas_schema', 'id', 'uuid',
];
const SHOW = [
  'id', 'uuid', 'database_name', 'backend', 'engine', ...FLAGS, 'extra', 'force_ctas_schema', 'allows_subquery',
  'allows_cost_estimate', 'allows_virtual_table_explore', 'explore_database_id', 'engine_information', 'changed_on',
  'changed_on_utc', 'changed_on_delta_humanized', 'changed_by', 'created_by', 'sqlalchemy_uri', 'cache_timeout', 'configuration_method',
  'is_managed_externally', 'external_url',
];

export const databaseDefinition: ResourceDefinition = {
  name: 'database',
  table: 'dbs',
  view: 'Database',
  thing: 'database',
  plural: 'databases',
  listTitle: 'List Database',
  listColumns: LIST,
  extraSelectable: ['cache_timeout', 'configuration_method', 'is_managed_externally', 'external_url', 'created_on'],
  showColumns: SHOW,
  orderColumns: {
    id: () => sql.ref('t.id'),
    database_name: () => sql.ref('t.database_name'),
    backend: () => sql.ref('t.backend'),
    allow_run_async: () => sql.ref('t.allow_run_async'),
    allow_dml: () => sql.ref('t.allow_dml'),
    allow_file_upload: () => sql.ref('t.allow_file_upload'),
    expose_in_sqllab: () => sql.ref('t.expose_in_sqllab'),
    changed_on: () => sql.ref('t.changed_on'),
    changed_on_delta_humanized: () => sql.ref('t.changed_on'),
    'changed_by.first_name': (eb) => eb.selectFrom('ab_user as u').select('u.first_name').whereRef('u.id', '=', 't.changed_by_fk'),
  },
  defaultOrder: { column: 'changed_on', direction: 'desc' },
  filters: {
    id: scalarFilter('id', 'number', ['eq', 'neq', 'in', 'gt', 'lt']),
    database_name: mergeFilters(scalarFilter('database_name', 'string'), {}),
    backend: scalarFilter('backend', 'string'),
    uuid: scalarFilter('uuid', 'string', ['eq', 'in']),
    ...Object.fromEntries(FLAGS.map((f) => [f, scalarFilter(f, 'boolean')])),
    created_by: relOneToMany('created_by', 'created_by_fk'),
    changed_by: relOneToMany('changed_by', 'changed_by_fk'),
  },
  related: {
    created_by: usersReferencedBy('dbs', 'created_by_fk'),
    changed_by: usersReferencedBy('dbs', 'changed_by_fk'),
  },
  distinct: { backend: 'backend' },
  maxPageSize: 100,
  visibility: (eb, scope) => databaseAccessCondition(eb, dataAccessOf(scope.user), 't.id', 't.database_name'),
  hiddenError: async (row) => databaseAccessDenied(row as { id: number; database_name: string }),
  serializeList: (rows, scope) => serialize(rows, scope.db),
  serializeShow: async (row, scope) => (await serialize([row], scope.db))[0],
  createFields: { ...FIELDS, database_name: { kind: 'string', maxLength: 250, required: true } },
  updateFields: FIELDS,
  async create(trx, input, scope) {
    assertReadOnlySetting(input.extra);
    await checkName(trx, input.database_name);
    const uri = requestedUri(input);
    if (uri === undefined) throw badRequest('sqlalchemy_uri is required (or engine and parameters)');
    assertUriNotLumenFile(scope.ctx.config, uri);
    const values = {
      ...pickColumns(input, COLUMNS),
      ...(input.parameters && !input.sqlalchemy_uri ? { configuration_method: 'dynamic_form' } : {}),
      ...uriColumns(uri),
      encrypted_extra: input.masked_encrypted_extra ?? null,
      ...auditOnCreate(scope.user),
      ...(typeof input.uuid === 'string' ? { uuid: input.uuid } : {}),
    };
    const row = await trx.insertInto('dbs').values(sealDatabaseSecrets(scope.ctx.config, String(values.uuid), values)).returning('id').executeTakeFirstOrThrow();
    return row.id as number;
  },
  async update(trx, row, input, scope) {
    assertReadOnlySetting(input.extra);
    if (input.database_name !== undefined) await checkName(trx, input.database_name, row.id as number);
    const values: Json = { ...pickColumns(input, COLUMNS), ...auditOnUpdate(scope.user) };
    const uri = requestedUri(input);
    if (uri !== undefined) assertUriNotLumenFile(scope.ctx.config, uri, row.sqlalchemy_uri as string);
    if (uri !== undefined) Object.assign(values, uriColumns(uri, row));
    if (input.masked_encrypted_extra !== undefined) values.encrypted_extra = input.masked_encrypted_extra;
    await trx.updateTable('dbs').set(sealDatabaseSecrets(scope.ctx.config, String(row.uuid), values)).where('id', '=', row.id as number).execute();
  },
  echo: (input) => (typeof input.sqlalchemy_uri === 'string' ? { ...input, sqlalchemy_uri: maskUriPassword(input.sqlalchemy_uri) } : input),
  async beforeDelete(trx, ids) {
    const used = await trx.selectFrom('tables').select('database_id').where('database_id', 'in', ids).executeTakeFirst();
    if (used) throw unprocessable('Cannot delete a database that has datasets attached');
  },
};

