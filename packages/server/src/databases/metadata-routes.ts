import type { FastifyInstance } from 'fastify';
import { getConnection, type EngineClient, type TableRef } from '../engines';
import { badRequest } from '../errors';
import { loadDatabase, parseObjectQ, requireDatabaseRead } from './load';

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
  const open = async (pk: string) => {
    const database = await loadDatabase(ctx, pk);
    return { database, client: await getConnection(ctx, database) };
  };

  app.get<{ Params: Params; Querystring: Query }>('/api/v1/database/:pk/catalogs/', async (request) => {
    requireDatabaseRead(request);
    parseObjectQ(request.query.q, { force: 'boolean' });
    const { client } = await open(request.params.pk);
    const catalogs = client.spec.supportsCatalogs ? await client.getCatalogs() : [];
    return { result: [...catalogs].sort() };
  });

  app.get<{ Params: Params; Querystring: Query }>('/api/v1/database/:pk/schemas/', async (request) => {
    requireDatabaseRead(request);
    const args = parseObjectQ(request.query.q, { force: 'boolean', catalog: 'string', upload_allowed: 'boolean' });
    const { database, client } = await open(request.params.pk);
    let schemas = await client.getSchemas(orNull(args.catalog));
    if (args.upload_allowed) {
      if (!database.allow_file_upload) schemas = [];
      else {
        const allowed = (JSON.parse(database.extra ?? '{}') as { schemas_allowed_for_file_upload?: string[] }).schemas_allowed_for_file_upload ?? [];
        if (allowed.length) schemas = schemas.filter((schema) => allowed.includes(schema));
      }
    }
    return { result: schemas };
  });

  app.get<{ Params: Params; Querystring: Query }>('/api/v1/database/:pk/tables/', async (request) => {
    requireDatabaseRead(request);
    const args = parseObjectQ(request.query.q, { force: 'boolean', schema_name: 'string', catalog_name: 'string' });
    const { client } = await open(request.params.pk);
    const schema = orNull(args.schema_name) ?? (await client.defaultSchema());
    const tables = await client.getTables(schema, orNull(args.catalog_name));
    return { count: tables.length, result: tables };
  });

  const metadataHandler = async (pk: string, table: TableRef) => {
    const { client } = await open(pk);
    return tableMetadata(client, table);
  };

  app.get<{ Params: Params; Querystring: Query }>('/api/v1/database/:pk/table_metadata/', async (request) => {
    requireDatabaseRead(request);
    const name = requireName(request.query.name, 'name');
    return metadataHandler(request.params.pk, { name, schema: orNull(request.query.schema), catalog: orNull(request.query.catalog) });
  });

  app.get<{ Params: Params; Querystring: Query }>('/api/v1/database/:pk/table_metadata/extra/', async (request) => {
    requireDatabaseRead(request);
    const name = requireName(request.query.name, 'name');
    const { client } = await open(request.params.pk);
    await client.getColumns({ name, schema: orNull(request.query.schema), catalog: orNull(request.query.catalog) });
    return {};
  });

  // Older paths the incumbent still serves: /table/{table}/{schema}/ and /table_extra/{table}/{schema}/.
  app.get<{ Params: Params }>('/api/v1/database/:pk/table/:table_name/:schema_name/', async (request) => {
    requireDatabaseRead(request);
    const schema = request.params.schema_name === 'null' || request.params.schema_name === 'undefined' ? null : orNull(request.params.schema_name);
    return metadataHandler(request.params.pk, { name: request.params.table_name!, schema });
  });
  app.get<{ Params: Params }>('/api/v1/database/:pk/table_extra/:table_name/:schema_name/', async (request) => {
    requireDatabaseRead(request);
    const { client } = await open(request.params.pk);
    await client.getColumns({ name: request.params.table_name!, schema: orNull(request.params.schema_name) });
    return {};
  });

  const selectStar = async (pk: string, table: TableRef) => {
    const { client } = await open(pk);
    await client.getColumns(table);
    return { result: client.spec.selectStar(table, null, 100) };
  };
  app.get<{ Params: Params; Querystring: Query }>('/api/v1/database/:pk/select_star/:table_name/', async (request) => {
    requireDatabaseRead(request);
    return selectStar(request.params.pk, { name: request.params.table_name!, schema: orNull(request.query.schema_name ?? request.query.schema), catalog: orNull(request.query.catalog) });
  });
  app.get<{ Params: Params; Querystring: Query }>('/api/v1/database/:pk/select_star/:table_name/:schema_name/', async (request) => {
    requireDatabaseRead(request);
    return selectStar(request.params.pk, { name: request.params.table_name!, schema: orNull(request.params.schema_name), catalog: orNull(request.query.catalog) });
  });

  app.get<{ Params: Params }>('/api/v1/database/:pk/function_names/', async (request) => {
    requireDatabaseRead(request);
    const { client } = await open(request.params.pk);
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
