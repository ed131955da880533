import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections, parseConnectTarget, withTemporaryConnection } from '../engines';
import { multipart } from '../import-export/test-support';
import { nowIso } from '../metadata/connect';
import { DEFAULT_PARSE_LIMITS } from '../parse-worker/parse-limits';
import { warmParseWorker } from '../parse-worker/run-parse-task';
import { probeHealthDuring } from '../testing/health-probe';
import { createTestApp, type TestApp } from '../testing/harness';

/**
 * Uploads that must not hold the server up: a million-row CSV streams into DuckDB while /health keeps
 * answering, a bad row near its end leaves the table as it was and is named by line and column, and
 * hostile spreadsheets are refused by the parse worker's limits.
 */
const ROWS = 1_000_000;
const dir = mkdtempSync(join(tmpdir(), 'lumen-stream-'));
const duckPath = join(dir, 'big.duckdb');
let t: TestApp;
let dbId: number;

/** `id,name,amount` rows (about 20 MB for a million); `bad` replaces the amount on one file line. */
function csv(rows: number, bad?: { line: number; amount: string }): Buffer {
  const lines = ['id,name,amount'];
  for (let i = 1; i <= rows; i += 1) lines.push(`${i},n${i % 100},${bad && bad.line === i + 1 ? bad.amount : `${i % 7}.5`}`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

const query = (sql: string) => withTemporaryConnection(parseConnectTarget(`duckdb:///${duckPath}`), (client) => client.execute(sql));
const count = async (table: string) => Number((await query(`SELECT COUNT(*) FROM ${table}`)).rows[0]![0]);

async function uploadProbed(file: Buffer, fields: Record<string, string>, filename = 'big.csv') {
  const body = multipart({ file, filename, field: 'file', fields: { type: 'csv', ...fields } });
  const report = await probeHealthDuring(t.app, () =>
    t.app.inject({ method: 'POST', url: `/api/v1/database/${dbId}/upload/`, payload: body.payload, headers: { ...t.headers('admin'), ...body.headers } }),
  );
  const { result, ...timing } = report;
  return { status: result.statusCode, body: result.json() as Record<string, any>, ...timing };
}

beforeAll(async () => {
  t = await createTestApp({ dialect: 'sqlite' });
  const now = nowIso();
  const row = await t.ctx.store.db
    .insertInto('dbs')
    .values({
      uuid: crypto.randomUUID(), database_name: 'big', sqlalchemy_uri: `duckdb:///${duckPath}`, password: null, backend: 'duckdb',
      expose_in_sqllab: 1, allow_run_async: 0, allow_dml: 0, allow_ctas: 0, allow_cvas: 0, allow_file_upload: 1,
      allow_multi_catalog: 0, disable_data_preview: 0, cache_timeout: null, force_ctas_schema: null, impersonate_user: 0,
      configuration_method: 'sqlalchemy_form', extra: null, encrypted_extra: null, server_cert: null,
      is_managed_externally: 0, external_url: null, created_on: now, changed_on: now, created_by_fk: null, changed_by_fk: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  dbId = Number(row.id);
});
afterAll(async () => {
  await t?.close();
  await closeAllConnections();
  rmSync(dir, { recursive: true, force: true });
});

describe('streamed CSV uploads', () => {
  it('streams a million-row CSV into DuckDB while /health keeps answering', { timeout: 300_000 }, async () => {
    const file = csv(ROWS);
    const res = await uploadProbed(file, { table_name: 'big' });
    console.info(`1M-row CSV (${(file.length / 1024 / 1024).toFixed(1)} MB): uploaded in ${(res.ms / 1000).toFixed(1)} s; ${res.healthAnswers} /health answers meanwhile (slowest ${res.slowestHealthMs.toFixed(0)} ms, event loop stalled at most ${res.maxEventLoopDelayMs.toFixed(0)} ms)`);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.rows).toBe(ROWS);
    expect(await count('big')).toBe(ROWS);
    const types = (await query('SELECT * FROM big LIMIT 0')).columns.map((c) => `${c.name}:${c.type}`);
    expect(types).toEqual(['id:BIGINT', 'name:VARCHAR', 'amount:DOUBLE']);
    // A request every few milliseconds: an upload holding the event loop would let through only a handful.
    expect(res.healthAnswers).toBeGreaterThanOrEqual(50);
  });

  it('names the line and column of a bad value at line 900,000 and leaves the table as it was', { timeout: 300_000 }, async () => {
    const res = await uploadProbed(csv(ROWS, { line: 900_000, amount: 'oops' }), { table_name: 'big', already_exists: 'replace', column_data_types: '{"amount": "float"}' });
    console.info(`bad value at line 900,000: refused in ${(res.ms / 1000).toFixed(1)} s; ${res.healthAnswers} /health answers meanwhile`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Line 900000, column 'amount': cannot read 'oops' as a float.");
    expect(await count('big')).toBe(ROWS);
    expect(res.healthAnswers).toBeGreaterThanOrEqual(20);
  });

  it('rolls back every streamed chunk when the database refuses a row near the end', { timeout: 300_000 }, async () => {
    await query('CREATE TABLE strict_big (id BIGINT, name VARCHAR, amount DOUBLE NOT NULL)');
    await query("INSERT INTO strict_big VALUES (0, 'kept', 1)");
    // An empty amount reads as null, which the NOT NULL column refuses when its chunk is written.
    const res = await uploadProbed(csv(ROWS, { line: 900_000, amount: '' }), { table_name: 'strict_big', already_exists: 'append' });
    console.info(`database refusal at line 900,000: rolled back after ${(res.ms / 1000).toFixed(1)} s`);
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^Could not insert the rows of lines 899\d{3}-900\d{3}: /);
    expect(await count('strict_big')).toBe(1);
  });

  it('keeps the rows_to_read, skip_rows and no-header options while streaming', async () => {
    const res = await uploadProbed(Buffer.from('junk line\n1,a\n2,b\n3,c\n'), { table_name: 'numbered', skip_rows: '1', header_row: '', rows_to_read: '2', dataframe_index: 'true' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await query('SELECT * FROM numbered ORDER BY "index"')).rows).toEqual([[0, 1, 'a'], [1, 2, 'b']]);
  });
});

describe('spreadsheet limits', () => {
  beforeAll(() => warmParseWorker(DEFAULT_PARSE_LIMITS));

  it('refuses an .xlsx zip bomb from its central directory, in the parse worker', async () => {
    // A sheet that claims 50 MB of XML in a few KB: refused before the library inflates it.
    const bomb = zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'xl/worksheets/sheet1.xml': new Uint8Array(50 * 1024 * 1024) });
    const res = await uploadProbed(Buffer.from(bomb), { type: 'excel', table_name: 'bomb' }, 'bomb.xlsx');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^File xl\/worksheets\/sheet1\.xml expands \d+ times when uncompressed \(a zip bomb\) \(limit LUMEN_IMPORT_MAX_COMPRESSION_RATIO=200\)$/);
    expect(res.ms).toBeLessThan(1000);
  });

  it('refuses a Parquet file over the cell limit from its metadata', async () => {
    process.env.LUMEN_UPLOAD_MAX_CELLS = '100';
    try {
      const writer = await import('@duckdb/node-api').then((m) => m.DuckDBInstance.create(':memory:'));
      const connection = await writer.connect();
      const path = join(dir, 'cells.parquet');
      await connection.run(`COPY (SELECT i AS a, i AS b FROM range(0, 51) t(i)) TO '${path}' (FORMAT parquet)`);
      connection.closeSync();
      writer.closeSync();
      const { readFileSync } = await import('node:fs');
      const res = await uploadProbed(readFileSync(path), { type: 'columnar', table_name: 'cells' }, 'cells.parquet');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('The upload has more than 100 cells (limit LUMEN_UPLOAD_MAX_CELLS=100)');
    } finally {
      delete process.env.LUMEN_UPLOAD_MAX_CELLS;
    }
  });
});
