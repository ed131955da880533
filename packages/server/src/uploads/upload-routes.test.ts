import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections, parseConnectTarget, withTemporaryConnection } from '../engines';
import { multipart } from '../import-export/test-support';
import { nowIso } from '../metadata/connect';
import { createTestApp, type TestApp } from '../testing/harness';
import { buildXlsx } from './test-xlsx';
import { TABLE_EXISTS_MESSAGE } from './write-upload';

const suffix = randomBytes(4).toString('hex');
const dir = mkdtempSync(join(tmpdir(), 'lumen-upload-'));
const remoteSchema = `lumen_up_${suffix}`;

interface EngineCase {
  backend: 'duckdb' | 'sqlite' | 'postgresql' | 'mysql';
  uri: string;
  /** The schema the upload names (null: the connection's default). */
  schema: string | null;
  /** Whether the engine rejects an out-of-range BIGINT (SQLite stores anything). */
  rejectsOverflow: boolean;
  setup?(): Promise<void>;
  teardown?(): Promise<void>;
}

const adminUri = (backend: 'postgresql' | 'mysql') => (backend === 'postgresql' ? 'postgresql://postgres@127.0.0.1:5432/test' : 'mysql://root@127.0.0.1:3306/test');
const onAdmin = (backend: 'postgresql' | 'mysql', sql: string) => withTemporaryConnection(parseConnectTarget(adminUri(backend)), (client) => client.execute(sql));

const CASES: EngineCase[] = [
  { backend: 'duckdb', uri: `duckdb:///${join(dir, 'uploads.duckdb')}`, schema: null, rejectsOverflow: true },
  { backend: 'sqlite', uri: `sqlite:///${join(dir, 'uploads.sqlite')}`, schema: null, rejectsOverflow: false },
  {
    backend: 'postgresql',
    uri: 'postgresql://postgres@127.0.0.1:5432/test',
    schema: remoteSchema,
    rejectsOverflow: true,
    setup: async () => void (await onAdmin('postgresql', `CREATE SCHEMA ${remoteSchema}`)),
    teardown: async () => void (await onAdmin('postgresql', `DROP SCHEMA IF EXISTS ${remoteSchema} CASCADE`)),
  },
  {
    backend: 'mysql',
    uri: `mysql://root@127.0.0.1:3306/${remoteSchema}`,
    schema: null,
    rejectsOverflow: true,
    setup: async () => void (await onAdmin('mysql', `CREATE DATABASE ${remoteSchema}`)),
    teardown: async () => void (await onAdmin('mysql', `DROP DATABASE IF EXISTS ${remoteSchema}`)),
  },
];

let t: TestApp;

async function addDatabase(name: string, uri: string, options: { allowUpload?: boolean; extra?: object } = {}): Promise<number> {
  const now = nowIso();
  const row = await t.ctx.store.db
    .insertInto('dbs')
    .values({
      uuid: crypto.randomUUID(), database_name: name, sqlalchemy_uri: uri, password: null, backend: uri.split(':')[0]!.split('+')[0]!,
      expose_in_sqllab: 1, allow_run_async: 0, allow_dml: 0, allow_ctas: 0, allow_cvas: 0, allow_file_upload: options.allowUpload === false ? 0 : 1,
      allow_multi_catalog: 0, disable_data_preview: 0, cache_timeout: null, force_ctas_schema: null, impersonate_user: 0,
      configuration_method: 'sqlalchemy_form', extra: options.extra ? JSON.stringify(options.extra) : null, encrypted_extra: null, server_cert: null,
      is_managed_externally: 0, external_url: null, created_on: now, changed_on: now, created_by_fk: null, changed_by_fk: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function upload(dbId: number | string, file: Uint8Array | string, fields: Record<string, string>, options: { filename?: string; user?: string } = {}) {
  const body = multipart({ file: typeof file === 'string' ? Buffer.from(file) : file, filename: options.filename ?? 'data.csv', field: 'file', fields: { type: 'csv', ...fields } });
  const res = await t.app.inject({ method: 'POST', url: `/api/v1/database/${dbId}/upload/`, payload: body.payload, headers: { ...t.headers(options.user ?? 'admin'), ...body.headers } });
  return { status: res.statusCode, body: res.json() as Record<string, any> };
}

beforeAll(async () => {
  t = await createTestApp({ dialect: 'sqlite' });
});
afterAll(async () => {
  await t.close();
  await closeAllConnections();
  rmSync(dir, { recursive: true, force: true });
});

const SALES = 'id,name,amount,active,sold_on\n1,Ada,12.5,true,2024-01-02\n2,Grace,,false,2024-02-03\n3,"Lin, Jr.",7,TRUE,2024-03-04\n';

describe.each(CASES)('upload into $backend', (engine) => {
  let dbId: number;
  const q = (name: string) => (engine.backend === 'mysql' ? `\`${name}\`` : `"${name}"`);
  const table = (name: string) => (engine.schema ? `${q(engine.schema)}.${q(name)}` : q(name));
  const query = (sql: string) => withTemporaryConnection(parseConnectTarget(engine.uri), (client) => client.execute(sql, [], { temporalAs: 'iso' }));
  const tableNames = async () => withTemporaryConnection(parseConnectTarget(engine.uri), async (client) => (await client.getTables(engine.schema ?? (await client.defaultSchema()))).map((item) => item.value));
  const schemaField: Record<string, string> = engine.schema ? { schema: engine.schema } : {};

  beforeAll(async () => {
    await engine.setup?.();
    dbId = await addDatabase(`uploads-${engine.backend}`, engine.uri);
  });
  afterAll(async () => {
    await engine.teardown?.();
  });

  it('creates a typed table from a CSV, inserts every row and creates its dataset', async () => {
    const res = await upload(dbId, SALES, { table_name: 'sales', column_dates: 'sold_on', ...schemaField });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ message: 'OK', rows: 3 });
    const result = await query(`SELECT id, name, amount, active, sold_on FROM ${table('sales')} ORDER BY id`);
    expect(result.columns.map((c) => c.generic_type)).toEqual(['NUMERIC', 'STRING', 'NUMERIC', engine.backend === 'sqlite' || engine.backend === 'mysql' ? expect.anything() : 'BOOLEAN', 'TEMPORAL']);
    expect(result.rows.map((row) => [row[0], row[1], row[2]])).toEqual([[1, 'Ada', 12.5], [2, 'Grace', null], [3, 'Lin, Jr.', 7]]);
    expect(result.rows.map((row) => Boolean(row[3]))).toEqual([true, false, true]);
    expect(String(result.rows[1]![4])).toMatch(/^2024-02-03/);
    const dataset = await t.ctx.store.db.selectFrom('tables').selectAll().where('id', '=', res.body.dataset_id).executeTakeFirstOrThrow();
    expect(dataset).toMatchObject({ table_name: 'sales', database_id: dbId });
    const columns = await t.ctx.store.db.selectFrom('table_columns').select('column_name').where('table_id', '=', dataset.id).execute();
    expect(columns.map((c) => c.column_name).sort()).toEqual(['active', 'amount', 'id', 'name', 'sold_on']);
  });

  it('refuses an existing table unless asked to replace or append', async () => {
    const again = await upload(dbId, SALES, { table_name: 'sales', ...schemaField });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(TABLE_EXISTS_MESSAGE);
    const appended = await upload(dbId, 'id,name,amount,active,sold_on\n4,Kay,1.5,false,2024-04-05\n', { table_name: 'sales', already_exists: 'append', column_dates: 'sold_on', ...schemaField });
    expect(appended.status, JSON.stringify(appended.body)).toBe(201);
    expect((await query(`SELECT COUNT(*) FROM ${table('sales')}`)).rows[0]![0]).toBe(4);
    const replaced = await upload(dbId, 'code;label\nA;x\nB;y\n', { table_name: 'sales', already_exists: 'replace', delimiter: ';', ...schemaField });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(201);
    expect((await query(`SELECT code, label FROM ${table('sales')} ORDER BY code`)).rows).toEqual([['A', 'x'], ['B', 'y']]);
  });

  it('names the line and column of a bad value and writes nothing', async () => {
    const res = await upload(dbId, 'n,label\n1,a\nx,b\n', { table_name: 'sales', already_exists: 'replace', column_data_types: '{"n":"int"}', ...schemaField });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Line 3, column 'n': cannot read 'x' as an integer.");
    expect((await query(`SELECT code FROM ${table('sales')} ORDER BY code`)).rows).toEqual([['A'], ['B']]);
  });

  it('rolls back every row when the database refuses one, leaving no new table behind', async () => {
    await query(`CREATE TABLE ${table('strict_rows')} (n INTEGER NOT NULL, m INTEGER)`);
    const rows = Array.from({ length: 1500 }, (_, i) => `${i === 1400 ? '' : i},${i}`).join('\n');
    const refused = await upload(dbId, `n,m\n${rows}\n`, { table_name: 'strict_rows', already_exists: 'append', ...schemaField });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^Could not insert the rows of lines 1002-1501: /);
    expect((await query(`SELECT COUNT(*) FROM ${table('strict_rows')}`)).rows[0]![0]).toBe(0);
    if (!engine.rejectsOverflow) return;
    const overflow = await upload(dbId, 'big\n1\n99999999999999999999\n', { table_name: 'overflowing', column_data_types: '{"big":"int"}', ...schemaField });
    expect(overflow.status).toBe(422);
    expect(overflow.body.message).toMatch(/^Could not insert the rows of lines 2-3: /);
    expect(await tableNames()).not.toContain('overflowing');
    const replaceOverflow = await upload(dbId, 'big\n99999999999999999999\n', { table_name: 'sales', already_exists: 'replace', column_data_types: '{"big":"int"}', ...schemaField });
    expect(replaceOverflow.status).toBe(422);
    expect((await query(`SELECT code FROM ${table('sales')} ORDER BY code`)).rows).toEqual([['A'], ['B']]);
    expect((await tableNames()).filter((name) => name.includes('__upload_') || name.includes('__replaced_'))).toEqual([]);
  });
});

describe('upload options, file types and permissions', () => {
  let duckId: number;
  let closedId: number;
  let restrictedId: number;
  const duckPath = join(dir, 'files.duckdb');
  const query = (sql: string) => withTemporaryConnection(parseConnectTarget(`duckdb:///${duckPath}`), (client) => client.execute(sql, [], { temporalAs: 'iso' }));

  beforeAll(async () => {
    duckId = await addDatabase('files', `duckdb:///${duckPath}`);
    closedId = await addDatabase('closed', `sqlite:///${join(dir, 'closed.sqlite')}`, { allowUpload: false });
    restrictedId = await addDatabase('restricted', `sqlite:///${join(dir, 'restricted.sqlite')}`, { extra: { schemas_allowed_for_file_upload: ['uploads'] } });
  });

  it('applies skip_rows, header_row, columns_read, null_values, decimal_character, day_first and the index options', async () => {
    const csv = 'exported by tool\nid\tcity\tprice\twhen\n7\tParis\t1,5\t03/04/2024\n8\t-\t2,25\t25/12/2024\n';
    const res = await upload(duckId, csv, {
      table_name: 'options_demo', delimiter: '\\t', skip_rows: '1', header_row: '0', columns_read: 'id,city,price,when', null_values: '-',
      decimal_character: ',', day_first: 'true', column_dates: 'when', index_column: 'id', dataframe_index: 'true', index_label: 'row_id',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const result = await query('SELECT * FROM options_demo ORDER BY row_id');
    expect(result.columns.map((c) => `${c.name}:${c.type}`)).toEqual(['row_id:BIGINT', 'city:VARCHAR', 'price:DOUBLE', 'when:TIMESTAMP']);
    expect(result.rows).toEqual([
      [7, 'Paris', 1.5, '2024-04-03T00:00:00.000Z'],
      [8, null, 2.25, '2024-12-25T00:00:00.000Z'],
    ]);
  });

  it('reads an Excel sheet by name and a Parquet file', async () => {
    const xlsx = buildXlsx([
      { name: 'Ignored', rows: [['x']] },
      {
        name: 'Orders',
        rows: [
          ['order', 'placed', 'total', 'note'],
          [1, new Date(Date.UTC(2024, 0, 2, 3, 4, 5)), 9.5, { richText: ['rich ', 'text'] }],
          [2, new Date(Date.UTC(2024, 1, 3)), { formula: '1+2', result: 3 }, null],
        ],
      },
    ]);
    const excel = await upload(duckId, xlsx, { type: 'excel', table_name: 'orders', sheet_name: 'Orders' }, { filename: 'orders.xlsx' });
    expect(excel.status, JSON.stringify(excel.body)).toBe(201);
    const orders = await query('SELECT * FROM orders ORDER BY "order"');
    expect(orders.columns.map((c) => c.type)).toEqual(['BIGINT', 'TIMESTAMP', 'DOUBLE', 'VARCHAR']);
    expect(orders.rows).toEqual([
      [1, '2024-01-02T03:04:05.000Z', 9.5, 'rich text'],
      [2, '2024-02-03T00:00:00.000Z', 3, null],
    ]);

    // A Parquet file written by a separate, throwaway DuckDB instance (not the server's).
    const parquetPath = join(dir, 'measures.parquet');
    const writer = await DuckDBInstance.create(':memory:');
    const connection = await writer.connect();
    await connection.run(`COPY (SELECT i AS id, 'm' || i AS label, i * 0.5 AS value, i % 2 = 0 AS even FROM range(1, 2501) t(i)) TO '${parquetPath}' (FORMAT parquet)`);
    connection.closeSync();
    writer.closeSync();
    const parquet = await upload(duckId, readFileSync(parquetPath), { type: 'columnar', table_name: 'measures', columns_read: 'id,value,even' }, { filename: 'measures.parquet' });
    expect(parquet.status, JSON.stringify(parquet.body)).toBe(201);
    expect(parquet.body.rows).toBe(2500);
    const summary = await query('SELECT COUNT(*), SUM(value), COUNT(*) FILTER (WHERE even) FROM measures');
    expect(summary.rows[0]).toEqual([2500, 1563125, 1250]);
    expect((await query('SELECT * FROM measures LIMIT 0')).columns.map((c) => c.name)).toEqual(['id', 'value', 'even']);
  });

  it('appends into an existing table whose columns are laid out differently from the file, by name', async () => {
    // The appender fills columns in table order, so a differing layout takes the named-column INSERT.
    await query('CREATE TABLE reordered (label VARCHAR, extra INTEGER, n BIGINT)');
    const res = await upload(duckId, 'n,label\n1,a\n2,b\n', { table_name: 'reordered', already_exists: 'append' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await query('SELECT label, extra, n FROM reordered ORDER BY n')).rows).toEqual([['a', null, 1], ['b', null, 2]]);
  });

  it('answers upload metadata: CSV header names, Excel sheets, Parquet columns', async () => {
    const body = multipart({ file: Buffer.from('a;b;c\n1;2;3\n'), filename: 'x.csv', field: 'file', fields: { type: 'csv', delimiter: ';' } });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/database/upload_metadata/', payload: body.payload, headers: { ...t.headers('alpha'), ...body.headers } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: { items: [{ column_names: ['a', 'b', 'c'] }] } });
    const xlsx = buildXlsx([{ name: 'First', rows: [['id', 'name'], [1, 'a']] }, { name: 'Second', rows: [['when']] }]);
    const excelBody = multipart({ file: xlsx, filename: 'book.xlsx', field: 'file', fields: { type: 'excel' } });
    const excel = await t.app.inject({ method: 'POST', url: '/api/v1/database/upload_metadata/', payload: excelBody.payload, headers: { ...t.headers('alpha'), ...excelBody.headers } });
    expect(excel.statusCode, excel.body).toBe(200);
    expect(excel.json()).toEqual({ result: { items: [{ sheet_name: 'First', column_names: ['id', 'name'] }, { sheet_name: 'Second', column_names: ['when'] }] } });
  });

  it('refuses users without can_upload, databases and schemas closed to uploads, wrong extensions and oversize files', async () => {
    const denied = await upload(duckId, SALES, { table_name: 'nope' }, { user: 'gamma' });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('You do not have the permission can_upload on Database');
    const alpha = await upload(duckId, 'a\n1\n', { table_name: 'by_alpha' }, { user: 'alpha' });
    expect(alpha.status).toBe(201);
    const closed = await upload(closedId, SALES, { table_name: 'nope' });
    expect(closed.status).toBe(422);
    expect(closed.body.message).toBe('Database "closed" does not allow file uploads.');
    const schema = await upload(restrictedId, SALES, { table_name: 'nope' });
    expect(schema.status).toBe(422);
    expect(schema.body.message).toMatch(/^Schema "main" is not allowed for file uploads in database "restricted"/);
    const extension = await upload(duckId, SALES, { table_name: 'nope' }, { filename: 'data.exe' });
    expect(extension.status).toBe(400);
    expect(extension.body.message).toBe('file: File extension is not allowed for csv uploads; expected .csv, .tsv, .txt.');
    const missingName = await upload(duckId, SALES, {});
    expect(missingName.body.message).toBe('table_name: Missing data for required field.');
    const ragged = await upload(duckId, 'a,b\n1,2\n3,4,5\n', { table_name: 'ragged' });
    expect(ragged.status).toBe(400);
    expect(ragged.body.message).toBe('Line 3: expected 2 fields, found 3.');
    const huge = await upload(duckId, Buffer.alloc(50 * 1024 * 1024 + 10, 'a'), { table_name: 'huge' });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('The file is too large: uploads are limited to 50 MB.');
    const access = await t.app.inject({ method: 'GET', url: `/api/v1/database/${restrictedId}/schemas_access_for_file_upload/`, headers: t.headers('admin') });
    expect(access.json()).toEqual({ schemas: ['uploads'] });
  });
});
