import { randomBytes } from 'node:crypto';
import type { EngineClient, TransactionAppend, TransactionRun } from '../engines';
import { badRequest, ErrorType, LumenError } from '../errors';
import type { TypedFrame, UploadColumn } from './column-types';
import { uploadDialectOf, type UploadDialect } from './upload-dialects';
import type { UploadOptions } from './upload-options';

/** Bound values per INSERT statement: far below every engine's limit (SQLite 32766, PostgreSQL/MySQL 65535). */
const PARAMS_PER_STATEMENT = 10_000;
const MAX_ROWS_PER_STATEMENT = 1_000;

export const TABLE_EXISTS_MESSAGE =
  "Table already exists. You can change your 'if table already exists' strategy to append or replace or provide a different Table Name to use.";

export interface WriteResult {
  schema: string | null;
  rows: number;
  created: boolean;
}

function checkIdentifier(dialect: UploadDialect, name: string, what: string): void {
  if (dialect.maxIdentifierBytes !== null && Buffer.byteLength(name) > dialect.maxIdentifierBytes) {
    throw badRequest(`${what} '${name}' is longer than the ${dialect.maxIdentifierBytes} bytes this database allows.`);
  }
}

/** Consecutive typed rows with the file lines they came from. */
export interface RowChunk {
  rows: unknown[][];
  lines: number[];
}

/**
 * The rows to write, typed, delivered in chunks: from memory (a spreadsheet) or streamed from a file as
 * the database takes them (a CSV), so memory holds one chunk however long the file is.
 */
export interface TypedRows {
  columns: UploadColumn[];
  chunks(size: number): AsyncIterable<RowChunk>;
}

/** The rows of a frame held in memory. */
export function typedRowsOf(frame: TypedFrame): TypedRows {
  return {
    columns: frame.columns,
    async *chunks(size) {
      for (let start = 0; start < frame.rows.length; start += size) {
        yield { rows: frame.rows.slice(start, start + size), lines: frame.lines.slice(start, start + size) };
      }
    },
  };
}

/** Runs `write` on consecutive chunks of rows; a chunk the database refuses is named by its file lines. */
async function writeChunks(frame: TypedRows, perChunk: number, write: (rows: unknown[][]) => Promise<unknown>): Promise<number> {
  let written = 0;
  for await (const chunk of frame.chunks(perChunk)) {
    try {
      await write(chunk.rows);
    } catch (error) {
      const first = chunk.lines[0];
      const last = chunk.lines[chunk.lines.length - 1];
      const where = first === last ? `line ${first}` : `lines ${first}-${last}`;
      throw new LumenError(422, `Could not insert the rows of ${where}: ${error instanceof Error ? error.message : String(error)}`, ErrorType.GENERIC_DB_ENGINE_ERROR);
    }
    written += chunk.rows.length;
  }
  return written;
}

/** Rows per chunk, for multi-row INSERTs and appender flushes alike, so a refusal names the same lines on every engine. */
function rowsPerChunk(frame: TypedRows): number {
  return Math.max(1, Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(PARAMS_PER_STATEMENT / frame.columns.length)));
}

/** Inserts every row with multi-row INSERT statements whose values are all bound parameters. */
function insertRows(client: EngineClient, run: TransactionRun, qualified: string, frame: TypedRows): Promise<number> {
  const { spec } = client;
  const columnList = frame.columns.map((column) => spec.quoteIdentifier(column.name)).join(', ');
  return writeChunks(frame, rowsPerChunk(frame), async (chunk) => {
    const params: unknown[] = [];
    const tuples = chunk.map((row) => {
      const marks = row.map((value) => {
        params.push(value);
        return spec.placeholder(params.length);
      });
      return `(${marks.join(', ')})`;
    });
    await run(`INSERT INTO ${qualified} (${columnList}) VALUES ${tuples.join(', ')}`, params);
  });
}

/**
 * Whether rows can go through the engine's appender, which fills every column of the table in table order:
 * always for a table created by this upload, and for an existing one whose columns are the file's, in order.
 * Otherwise the named-column INSERT maps the file's columns onto the table's.
 */
async function appenderFits(client: EngineClient, table: { schema: string | null; name: string }, created: boolean, frame: TypedRows): Promise<boolean> {
  if (created) return true;
  const columns = await client.getColumns({ name: table.name, schema: table.schema });
  return columns.length === frame.columns.length && columns.every((column, i) => column.name === frame.columns[i]!.name);
}

/**
 * Writes the rows inside the transaction: through the engine's appender when it offers one and the table's
 * layout fits (DuckDB, where bound multi-row INSERTs are slow), else through bound INSERTs.
 */
async function fillTable(client: EngineClient, run: TransactionRun, append: TransactionAppend | undefined, table: { schema: string | null; name: string }, qualified: string, created: boolean, frame: TypedRows): Promise<number> {
  if (append && (await appenderFits(client, table, created, frame))) return writeChunks(frame, rowsPerChunk(frame), (chunk) => append(table, chunk));
  return insertRows(client, run, qualified, frame);
}

/**
 * Writes an uploaded table: creates it (fail/replace) or appends to it, and inserts the rows in one
 * transaction, so a failure leaves the database as it was (rows streamed from a file go in chunk by chunk
 * inside that one transaction). Values are never spliced into SQL: they are bound
 * parameters, or data handed to DuckDB's appender (100,000 CSV rows: about 1.2 s instead of 9 s). Engines whose DDL commits implicitly (MySQL,
 * MariaDB) get the same outcome by compensation: a table created here is dropped again, and `replace` fills
 * a staging table first and swaps it in with one atomic RENAME.
 *
 * @example
 * await writeUpload(client, options, typedRowsOf(typedFrame)); // { schema: 'main', rows: 3, created: true }
 */
export async function writeUpload(client: EngineClient, options: Pick<UploadOptions, 'table_name' | 'schema' | 'already_exists'>, frame: TypedRows): Promise<WriteResult> {
  const { spec } = client;
  const dialect = uploadDialectOf(spec.engine);
  if (!dialect) throw new LumenError(422, `File uploads into ${spec.engineName} databases are not supported.`, ErrorType.GENERIC_COMMAND_ERROR);
  if (!frame.columns.length) throw badRequest('The file has no columns to upload.');
  checkIdentifier(dialect, options.table_name, 'Table name');
  for (const column of frame.columns) checkIdentifier(dialect, column.name, 'Column name');
  const schema = options.schema ?? (await client.defaultSchema());
  const tables = await client.getTables(schema);
  const exists = tables.some((table) => table.value === options.table_name);
  if (exists && options.already_exists === 'fail') throw new LumenError(422, TABLE_EXISTS_MESSAGE, ErrorType.GENERIC_COMMAND_ERROR);
  const quote = spec.quoteIdentifier;
  const qualify = (name: string) => (schema ? `${quote(schema)}.${quote(name)}` : quote(name));
  const target = qualify(options.table_name);
  const createSql = (qualified: string) =>
    `CREATE TABLE ${qualified} (${frame.columns.map((column) => `${quote(column.name)} ${dialect.types[column.type]}`).join(', ')})`;
  const create = !exists || options.already_exists === 'replace';

  if (dialect.transactionalDdl) {
    const rows = await client.transaction(async (run, append) => {
      if (exists && options.already_exists === 'replace') await run(`DROP TABLE ${target}`);
      if (create) await run(createSql(target));
      return fillTable(client, run, append, { schema, name: options.table_name }, target, create, frame);
    });
    return { schema, rows, created: create };
  }

  if (!create) return { schema, rows: await client.transaction((run) => insertRows(client, run, target, frame)), created: false };
  // Non-transactional DDL: fill a table of our own, then publish it.
  const staging = exists ? qualify(`${options.table_name.slice(0, 40)}__upload_${randomBytes(4).toString('hex')}`) : target;
  await client.execute(createSql(staging));
  try {
    const rows = await client.transaction((run) => insertRows(client, run, staging, frame));
    if (staging !== target) {
      const old = qualify(`${options.table_name.slice(0, 40)}__replaced_${randomBytes(4).toString('hex')}`);
      await client.execute(`RENAME TABLE ${target} TO ${old}, ${staging} TO ${target}`);
      await client.execute(`DROP TABLE ${old}`);
    }
    return { schema, rows, created: true };
  } catch (error) {
    await client.execute(`DROP TABLE IF EXISTS ${staging}`).catch(() => undefined);
    throw error;
  }
}
