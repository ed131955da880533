import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadDatabase } from '../databases/load';
import { createDataset, findDataset } from '../datasets/create';
import { refreshDatasetColumns } from '../datasets/columns';
import { connectTargetOf, withTemporaryConnection } from '../engines';
import { badRequest, ErrorType, forbidden, LumenError } from '../errors';
import type { AppContext } from '../context';
import type { DatabaseRow } from '../metadata/schema';
import { parseLimitsFrom } from '../parse-worker/parse-limits';
import { runParseTask } from '../parse-worker/run-parse-task';
import type { CurrentUser } from '../security/current-user';
import { requirePermission } from '../security/guards';
import { typeColumns } from './column-types';
import { csvColumnNames, typeCsvFile } from './csv-upload';
import { type SpooledUpload, spoolUpload } from './spool-upload';
import { frameFromRecords, selectColumns } from './upload-frame';
import { checkExtension, parseUploadOptions, UPLOAD_TYPES, type UploadOptions, type UploadType } from './upload-options';
import { type TypedRows, typedRowsOf, writeUpload } from './write-upload';
import { assertMayPlaceDataset } from '../security/dataset-placement';
import type { AnyDb } from '../resources/definition';

/** The user if they hold can_upload on Database; guests never do. */
function requireUpload(request: FastifyRequest): CurrentUser {
  const user = requirePermission(request, 'can_upload', 'Database');
  if (user.guest) throw forbidden('You do not have the permission can_upload on Database', ErrorType.DATABASE_SECURITY_ACCESS_ERROR);
  return user;
}

/** The schemas a database allows uploads into (extra.schemas_allowed_for_file_upload; empty = any). */
export function schemasAllowedForUpload(database: Pick<DatabaseRow, 'extra'>): string[] {
  try {
    const extra = JSON.parse(database.extra ?? '{}') as { schemas_allowed_for_file_upload?: unknown };
    const allowed = extra.schemas_allowed_for_file_upload;
    return Array.isArray(allowed) ? allowed.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

/** 422 unless the database allows file uploads into the schema (the incumbent's schema_allows_file_upload). */
function checkUploadAllowed(database: DatabaseRow, schema: string | null): void {
  if (!database.allow_file_upload) {
    throw new LumenError(422, `Database "${database.database_name}" does not allow file uploads.`, ErrorType.DATABASE_SECURITY_ACCESS_ERROR);
  }
  const allowed = schemasAllowedForUpload(database);
  if (allowed.length && (schema === null || !allowed.includes(schema))) {
    throw new LumenError(422, `Schema "${schema ?? ''}" is not allowed for file uploads in database "${database.database_name}"; allowed: ${allowed.join(', ')}.`, ErrorType.DATABASE_SECURITY_ACCESS_ERROR);
  }
}

/**
 * Reads and types the file as its type says, before any database write: a CSV streamed from the spooled
 * file (csv-upload.ts), a spreadsheet or Parquet file parsed on a parse worker thread under the parse
 * limits, then typed here.
 */
async function readRows(upload: SpooledUpload, options: UploadOptions): Promise<TypedRows> {
  if (options.type === 'csv') return typeCsvFile(upload.path, options);
  const data = await readFile(upload.path);
  const limits = parseLimitsFrom();
  const frame =
    options.type === 'excel'
      ? frameFromRecords(await runParseTask('excelRecords', { data, sheetName: options.sheet_name }, limits), options)
      : selectColumns(await runParseTask('parquetFrame', { data }, limits), options);
  return typedRowsOf(typeColumns(frame, options));
}

/** Reads, types and writes a spooled upload into its table (the temporary file is the caller's to remove). */
async function uploadIntoTable(upload: SpooledUpload, database: DatabaseRow, config: AppContext['config'], mayWrite: (schema: string | null) => Promise<void>) {
  const options = parseUploadOptions(upload.fields);
  checkExtension(options.type, upload.filename);
  const target = { ...connectTargetOf(database, config), readOnly: false };
  const written = await withTemporaryConnection(target, async (client) => {
    const schema = options.schema ?? (await client.defaultSchema());
    checkUploadAllowed(database, schema);
    await mayWrite(schema);
    return writeUpload(client, { ...options, schema }, await readRows(upload, options));
  });
  return { options, written };
}

/** Creates the dataset of an uploaded table, or refreshes its columns when one exists (as the incumbent does). */
async function syncDataset(app: FastifyInstance, user: CurrentUser, database: DatabaseRow, tableName: string, schema: string | null): Promise<number> {
  const ctx = app.lumen;
  const existing = await findDataset(ctx, { database_id: database.id, table_name: tableName, schema, catalog: null });
  if (existing) {
    await refreshDatasetColumns(ctx, existing.id);
    return existing.id;
  }
  return createDataset(ctx, user, { database_id: database.id, table_name: tableName, schema });
}

/**
 * File uploads into a database table, after the incumbent: POST /api/v1/database/{pk}/upload/ (CSV, Excel,
 * columnar = Parquet), POST /api/v1/database/upload_metadata/ (column and sheet names, to fill the form)
 * and GET /api/v1/database/{pk}/schemas_access_for_file_upload/. Needs can_upload on Database, and the
 * database must allow uploads into the schema. The file is spooled to a temporary file and typed completely
 * before anything is written (a CSV is streamed, twice: to type it, then to write it); rows go in through
 * bound parameters (or DuckDB's appender) in one transaction, so a bad row anywhere leaves the table as it
 * was. Spreadsheets and Parquet files are parsed on a worker thread; nothing here holds the event loop.
 */
export async function registerUploadRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.lumen;

  app.post<{ Params: { pk: string } }>('/api/v1/database/:pk/upload/', async (request, reply) => {
    const user = requireUpload(request);
    const database = await loadDatabase(ctx, request.params.pk);
    const upload = await spoolUpload(request);
    const started = Date.now();
    // The uploaded table becomes a dataset the uploader reads: they must reach its schema (dataset-placement.ts).
    const mayWrite = (schema: string | null) => assertMayPlaceDataset(ctx.store.db as unknown as AnyDb, user, { database_id: database.id, schema, sql: null });
    const { options, written } = await uploadIntoTable(upload, database, ctx.config, mayWrite).finally(() => upload.remove());
    const datasetId = await syncDataset(app, user, database, options.table_name, written.schema);
    request.log.info({ database: database.id, table: options.table_name, rows: written.rows, ms: Date.now() - started }, 'file uploaded');
    return reply.status(201).send({ message: 'OK', rows: written.rows, dataset_id: datasetId });
  });

  app.post('/api/v1/database/upload_metadata/', async (request) => {
    requireUpload(request);
    const upload = await spoolUpload(request);
    try {
      const type = upload.fields.type as UploadType;
      if (!(UPLOAD_TYPES as readonly string[]).includes(type)) throw badRequest(`type: Must be one of: ${UPLOAD_TYPES.join(', ')}.`, { type: ['Invalid type.'] });
      checkExtension(type, upload.filename);
      if (type === 'csv') {
        const options = parseUploadOptions({ ...upload.fields, table_name: 'metadata' });
        return { result: { items: [{ column_names: await csvColumnNames(upload.path, options) }] } };
      }
      const data = await readFile(upload.path);
      if (type === 'excel') return { result: { items: await runParseTask('excelSheets', { data }, parseLimitsFrom()) } };
      return { result: { items: [{ column_names: await runParseTask('parquetColumns', { data }, parseLimitsFrom()) }] } };
    } finally {
      await upload.remove();
    }
  });

  app.get<{ Params: { pk: string } }>('/api/v1/database/:pk/schemas_access_for_file_upload/', async (request) => {
    requireUpload(request);
    const database = await loadDatabase(ctx, request.params.pk);
    return { schemas: database.allow_file_upload ? schemasAllowedForUpload(database) : [] };
  });
}
