import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getConnection, type EngineClient, type TableRef } from '../engines';
import { badRequest } from '../errors';
import { parseObjectQ, requireDatabaseBrowse } from './load';
import { GUEST_WITH_SQLLAB_GRANT } from '../sqllab/access';
import { assertTableBrowsable, loadBrowsableDatabase, visibleSchemas, visibleTables } from './metadata-access';

type Params = { pk: string; table_name?: string; schema_name?: string };
type Query = { q?: string; name?: string; schema?: string; catalog?: string; schema_name?: string };

/** Superset's table metadata payload: columns with their keys, primary key, foreign keys, indexes, SELECT *. */
export async function tableMetadata(client: EngineClient, table: TableRef) {
  const [columns, pk, fks, indexes] = await Promise.all([
    client.getColumns(table),
    client.getPrimaryKey(table),
    client.getForeignKeys(table),
    client.getIndexes(table),
  ]);
  const primaryKey = { column_names: pk.constrained_columns, name: pk.name, type: 'pk' };
  const foreignKeys = fks.map((fk) => ({
    column_names: fk.constrained_columns,
    name: fk.name,
    options: {},
    referred_columns: fk.referred_columns,
    referred_schema: fk.referred_schema,
    referred_table: fk.referred_table,
    type: 'fk',
  }));
  const indexList = indexes.map((index) => ({ column_names: index.column_names, name: index.name, options: {}, unique: index.unique, type: 'index' }));
  const keyed = [primaryKey, ...foreignKeys, ...indexList];
  return {
    name: table.name,
    columns: columns.map((column) => ({
      name: column.name,
      type: column.type,
      longType: column.type,
      keys: keyed.filter((key) => key.column_names.includes(column.name)),
      comment: column.comment,
      nullable: column.nullable,
      default: column.default,
      generic_type: column.generic_type,
      is_dttm: column.is_dttm,
    })),
    selectStar: client.spec.selectStar(table, columns.map((c) => c.name), 100),
    primaryKey,
    foreignKeys,
    indexes: indexList,
    comment: null,
  };
}

function requireName(value: unknown, field: string): string {
  if (typeof value !== 'string' || value === '') throw badRequest(`${field}: Missing data for required field.`, { [field]: ['Missing data for required field.'] });
  return value;
}

const orNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Schema/catalog/table browsing of one database (SQL Lab's left bar, the dataset picker). */
export async function registerMetadataRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.lumen;
  const open = async (request: FastifyRequest, pk: string) => {
    const scope = await loadBrowsableDatabase(ctx, pk, requireDatabaseBrowse(request));
    return { scope, database: scope.database, client: await getConnection(ctx, scope.database) };
  };
  /** Opens the database and checks the user may read this table's metadata. */
  const openTable = async (request: FastifyRequest, pk: string, table: TableRef) => {
    const opened = await open(request, pk);
    assertTableBrowsable(opened.scope, table, await opened.client.defaultSchema());
    return opened;
  };

  app.get<{ Params: Params; Querystring: Query }>('/api/v1/database/:pk/catalogs/', { config: GUEST_WITH_SQLLAB_GRANT }, async (request) => {
    parseObjectQ(request.query.q, { force: 'boolean' });
    const { client } = await open(request, request.params.pk);
    const catalogs = client.spec.supportsCatalogs ? await client.getCatalogs() : [];
    return { result: [...catalogs].sort() };
  });

  app.get<{ Params: Params; Querystring: Query }>('/api/v1/database/:pk/schemas/', { config: GUEST_WITH_SQLLAB_GRANT }, async (request) => {
    const args = parseObjectQ(request.query.q, { force: 'boolean', catalog: 'string', upload_allowed: 'boolean' });
    const { scope, database, client } = await open(request, request.params.pk);
    let schemas = visibleSchemas(scope, await client.getSchemas(orNull(args.catalog)));
    if (args.upload_allowed) {
      if (!database.allow_file_upload) schemas = [];
      else {
        const allowed = (JSON.parse(database.extra ?? '{}') as { schemas_allowed_for_file_upload?: string[] }).schemas_allowed_for_file_upload ?? [];
        if (allowed.length) schemas = schemas.filter((schema) => allowed.includes(schema));
      }
    }
    return { result: schemas };
  });

  app.get<{ Params: Params; Querystring: Query }>('/api/v1/database/:pk/tables/', { config: GUEST_WITH_SQLLAB_GRANT }, async (request) => {
    const args = parseObjectQ(request.query.q, { force: 'boolean', schema_name: 'string', catalog_name: 'string' });
    const { scope, client } = await open(request, request.params.pk);
    const defaultSchema = await client.defaultSchema();
    const schema = orNull(args.schema_name) ?? defaultSchema;
    const tables = visibleTables(scope, schema, defaultSchema, await client.getTables(schema, orNull(args.catalog_name)));
    return { count: tables.length, result: tables };
  });

  const metadataHandler = async (request: FastifyRequest, pk: string, table: TableRef) => {
    const { client } = await openTable(request, pk, table);
    return tableMetadata(client, table);
  };

  app.get<{ Params: Params; Querystring: Query }>('/api/v1/database/:pk/table_metadata/', { config: GUEST_WITH_SQLLAB_GRANT }, async (request) => {
    const name = requireName(request.query.name, 'name');
    return metadataHandler(request, request.params.pk, { name, schema: orNull(request.query.schema), catalog: orNull(request.query.catalog) });
  });

  app.get<{ Params: Params; Querystring: Query }>('/api/v1/database/:pk/table_metadata/extra/', { config: GUEST_WITH_SQLLAB_GRANT }, async (request) => {
    const name = requireName(request.query.name, 'name');
    const table = { name, schema: orNull(request.query.schema), catalog: orNull(request.query.catalog) };
    const { client } = await openTable(request, request.params.pk, table);
    await client.getColumns(table);
    return {};
  });

  // Older paths the incumbent still serves: /table/{table}/{schema}/ and /table_extra/{table}/{schema}/.
  app.get<{ Params: Params }>('/api/v1/database/:pk/table/:table_name/:schema_name/', { config: GUEST_WITH_SQLLAB_GRANT }, async (request) => {
    const schema = request.params.schema_name === 'null' || request.params.schema_name === 'undefined' ? null : orNull(request.params.schema_name);
    return metadataHandler(request, request.params.pk, { name: request.params.table_name!, schema });
  });
  app.get<{ Params: Params }>('/api/v1/database/:pk/table_extra/:table_name/:schema_name/', { config: GUEST_WITH_SQLLAB_GRANT }, async (request) => {
    const table = { name: request.params.table_name!, schema: orNull(request.params.schema_name) };
    const { client } = await openTable(request, request.params.pk, table);
    await client.getColumns(table);
    return {};
  });

  const selectStar = async (request: FastifyRequest, pk: string, table: TableRef) => {
    const { client } = await openTable(request, pk, table);
    await client.getColumns(table);
    return { result: client.spec.selectStar(table, null, 100) };
  };
  app.get<{ Params: Params; Querystring: Query }>('/api/v1/database/:pk/select_star/:table_name/', { config: GUEST_WITH_SQLLAB_GRANT }, async (request) => {
    return selectStar(request, request.params.pk, { name: request.params.table_name!, schema: orNull(request.query.schema_name ?? request.query.schema), catalog: orNull(request.query.catalog) });
  });
  app.get<{ Params: Params; Querystring: Query }>('/api/v1/database/:pk/select_star/:table_name/:schema_name/', { config: GUEST_WITH_SQLLAB_GRANT }, async (request) => {
    return selectStar(request, request.params.pk, { name: request.params.table_name!, schema: orNull(request.params.schema_name), catalog: orNull(request.query.catalog) });
  });

  app.get<{ Params: Params }>('/api/v1/database/:pk/function_names/', { config: GUEST_WITH_SQLLAB_GRANT }, async (request) => {
    const { client } = await open(request, request.params.pk);
    const sql: Record<string, string> = {
      duckdb: 'SELECT DISTINCT function_name FROM duckdb_functions() ORDER BY 1',
      sqlite: "SELECT DISTINCT name FROM pragma_function_list ORDER BY 1",
      postgresql: "SELECT DISTINCT proname FROM pg_proc WHERE proname NOT LIKE 'pg\\_%' ORDER BY 1",
      mysql: 'SELECT DISTINCT ROUTINE_NAME FROM information_schema.ROUTINES ORDER BY 1',
    };
    const query = sql[client.spec.engine];
    const rows = query ? (await client.execute(query).catch(() => ({ rows: [] as unknown[][] }))).rows : [];
    return { function_names: rows.map((row) => String(row[0])) };
  });
}
