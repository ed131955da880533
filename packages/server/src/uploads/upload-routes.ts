import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadDatabase } from '../databases/load';
import { createDataset, findDataset } from '../datasets/create';
import { refreshDatasetColumns } from '../datasets/columns';
import { connectTargetOf, withTemporaryConnection } from '../engines';
import { badRequest, ErrorType, forbidden, LumenError } from '../errors';
import type { DatabaseRow } from '../metadata/schema';
import type { CurrentUser } from '../security/current-user';
import { requirePermission } from '../security/guards';
import { typeColumns } from './column-types';
import { readCsvRecords } from './read-csv';
import { readExcelRecords, readExcelSheets } from './read-excel';
import { readParquetColumnNames, readParquetFrame } from './read-parquet';
import { frameFromRecords, selectColumns, type UploadFrame } from './upload-frame';
import { checkExtension, parseUploadOptions, UPLOAD_MAX_BYTES, UPLOAD_TYPES, type UploadOptions, type UploadType } from './upload-options';
import { writeUpload } from './write-upload';

interface UploadBody {
  data: Uint8Array;
  filename: string;
  fields: Record<string, string>;
}

const tooLarge = () => new LumenError(413, `The file is too large: uploads are limited to ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`, ErrorType.INVALID_PAYLOAD_FORMAT_ERROR);

/** The user if they hold can_upload on Database; guests never do. */
function requireUpload(request: FastifyRequest): CurrentUser {
  const user = requirePermission(request, 'can_upload', 'Database');
  if (user.guest) throw forbidden('You do not have the permission can_upload on Database', ErrorType.DATABASE_SECURITY_ACCESS_ERROR);
  return user;
}

/** Reads the multipart body: the file (field `file`, size-limited) and the text fields. */
async function readUploadBody(request: FastifyRequest): Promise<UploadBody> {
  if (!request.isMultipart()) throw badRequest('Expected a multipart/form-data upload with the file in the file field');
  const fields: Record<string, string> = {};
  let file: { data: Uint8Array; filename: string } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        const upload = part as MultipartFile;
        const data = await upload.toBuffer();
        if (upload.fieldname === 'file') file = { data, filename: upload.filename ?? '' };
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  if (!file) throw badRequest('file: Missing data for required field.', { file: ['Missing data for required field.'] });
  if (file.data.length === 0) throw badRequest('file: The uploaded file is empty.', { file: ['The uploaded file is empty.'] });
  return { ...file, fields };
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

/** Reads the file into a frame as its type says, before any database work. */
async function readFrame(body: UploadBody, options: UploadOptions): Promise<UploadFrame> {
  if (options.type === 'csv') return frameFromRecords(await readCsvRecords(body.data, options), options);
  if (options.type === 'excel') return frameFromRecords(await readExcelRecords(body.data, options.sheet_name), options);
  return selectColumns(await readParquetFrame(body.data), options);
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
 * database must allow uploads into the schema. The file is read and typed completely before the database
 * is touched; rows go in through bound parameters (or DuckDB's appender) in one transaction.
 */
export async function registerUploadRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.lumen;

  app.post<{ Params: { pk: string } }>('/api/v1/database/:pk/upload/', async (request, reply) => {
    const user = requireUpload(request);
    const database = await loadDatabase(ctx, request.params.pk);
    const body = await readUploadBody(request);
    const options = parseUploadOptions(body.fields);
    checkExtension(options.type, body.filename);
    const target = { ...connectTargetOf(database, ctx.config), readOnly: false };
    const started = Date.now();
    const written = await withTemporaryConnection(target, async (client) => {
      const schema = options.schema ?? (await client.defaultSchema());
      checkUploadAllowed(database, schema);
      const frame = typeColumns(await readFrame(body, options), options);
      return writeUpload(client, { ...options, schema }, frame);
    });
    const datasetId = await syncDataset(app, user, database, options.table_name, written.schema);
    request.log.info({ database: database.id, table: options.table_name, rows: written.rows, ms: Date.now() - started }, 'file uploaded');
    return reply.status(201).send({ message: 'OK', rows: written.rows, dataset_id: datasetId });
  });

  app.post('/api/v1/database/upload_metadata/', async (request) => {
    requireUpload(request);
    const body = await readUploadBody(request);
    const type = body.fields.type as UploadType;
    if (!(UPLOAD_TYPES as readonly string[]).includes(type)) throw badRequest(`type: Must be one of: ${UPLOAD_TYPES.join(', ')}.`, { type: ['Invalid type.'] });
    checkExtension(type, body.filename);
    if (type === 'excel') return { result: { items: await readExcelSheets(body.data) } };
    if (type === 'columnar') return { result: { items: [{ column_names: readParquetColumnNames(body.data) }] } };
    const options = parseUploadOptions({ ...body.fields, table_name: 'metadata' });
    const frame = frameFromRecords(await readCsvRecords(body.data, options), { ...options, rows_to_read: 0, columns_read: [], index_column: null, dataframe_index: false });
    return { result: { items: [{ column_names: frame.columns }] } };
  });

  app.get<{ Params: { pk: string } }>('/api/v1/database/:pk/schemas_access_for_file_upload/', async (request) => {
    requireUpload(request);
    const database = await loadDatabase(ctx, request.params.pk);
    return { schemas: database.allow_file_upload ? schemasAllowedForUpload(database) : [] };
  });
}
