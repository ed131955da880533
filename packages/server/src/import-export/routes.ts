import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, forbidden } from '../errors';
import { limitExceeded, type ParseLimits, parseLimitsFrom } from '../parse-worker/parse-limits';
import { runParseTask, warmParseWorker } from '../parse-worker/run-parse-task';
import type { AnyDb, ResourceDefinition } from '../resources/definition';
import { requirePerm, requireUserOf } from '../resources/access';
import { parseIdList } from '../resources/query-args';
import { RESOURCE_DEFINITIONS } from '../resources/registry';
import { type CurrentUser, hasPermission } from '../security/current-user';
import type { AssetKind } from './bundle-contents';
import { buildExport, visibleIds } from './export-bundle';
import { importContents } from './import-bundle';
import type { ImportKind, ImportOptions } from './import-plan';

/**
 * Import/export endpoints, after the incumbent: GET /api/v1/{resource}/export/?q=!(ids) answers a ZIP,
 * POST /api/v1/{resource}/import/ takes a multipart upload; /api/v1/assets/export|import/ move everything.
 * Export needs can_export on the view and only covers objects the user can see; import needs can_write.
 */
const KINDS: AssetKind[] = ['dashboard', 'chart', 'dataset', 'database', 'saved_query'];
const ALL_VIEWS = ['Dashboard', 'Chart', 'Dataset', 'Database', 'SavedQuery'];

const definitionOf = (name: string): ResourceDefinition => RESOURCE_DEFINITIONS.find((def) => def.name === name)!;

function sendZip(reply: FastifyReply, filename: string, zip: Uint8Array) {
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
}

function jsonMap(value: string | undefined, field: string): Record<string, string> {
  if (value === undefined || value.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw badRequest(`Field '${field}' must be a JSON object keyed by bundle path, e.g. {"databases/examples.yaml": "secret"}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || Object.values(parsed).some((v) => typeof v !== 'string')) {
    throw badRequest(`Field '${field}' must be a JSON object of strings keyed by bundle path`);
  }
  return parsed as Record<string, string>;
}

interface Upload {
  data: Uint8Array;
  filename: string;
  fields: Record<string, string>;
}

/**
 * Reads the multipart body: one file (formData, or bundle for /assets/) and the text fields. The file may
 * be no larger than a bundle may be once unzipped.
 */
async function readUpload(request: FastifyRequest, fileFields: string[], limits: ParseLimits): Promise<Upload> {
  if (!request.isMultipart()) throw badRequest('Expected a multipart/form-data upload with the file in the formData field');
  const fields: Record<string, string> = {};
  let file: { data: Uint8Array; filename: string } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: limits.maxTotalBytes } })) {
      if (part.type === 'file') {
        const upload = part as MultipartFile;
        const data = await upload.toBuffer();
        if (fileFields.includes(upload.fieldname)) file = { data, filename: upload.filename ?? '' };
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw limitExceeded('maxTotalBytes', limits, null, `is larger than ${limits.maxTotalBytes / 1024 / 1024} MB`);
    }
    throw error;
  }
  if (!file) throw badRequest(`No file uploaded: send the bundle in the ${fileFields[0]} field`);
  return { ...file, fields };
}

function importOptions(fields: Record<string, string>): Partial<ImportOptions> {
  return {
    overwrite: String(fields.overwrite ?? '').toLowerCase() === 'true',
    passwords: jsonMap(fields.passwords, 'passwords'),
    sshTunnelPasswords: jsonMap(fields.ssh_tunnel_passwords, 'ssh_tunnel_passwords'),
    sshTunnelPrivateKeys: jsonMap(fields.ssh_tunnel_private_keys, 'ssh_tunnel_private_keys'),
    sshTunnelPrivateKeyPasswords: jsonMap(fields.ssh_tunnel_private_key_passwords, 'ssh_tunnel_private_key_passwords'),
  };
}

function requireAllViews(request: FastifyRequest, permission: string): CurrentUser {
  const user = requireUserOf(request);
  if (!ALL_VIEWS.every((view) => hasPermission(user, permission, view))) throw forbidden('Forbidden');
  return user;
}

export async function registerImportExportRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.lumen;
  const db = ctx.store.db as unknown as AnyDb;
  // A listening server has a parse thread started before the first upload (tests that inject do not).
  app.addHook('onListen', async () => {
    await warmParseWorker(parseLimitsFrom()).catch((error: unknown) => app.log.warn({ err: error }, 'could not start a parse worker thread'));
  });

  async function runImport(request: FastifyRequest, user: CurrentUser, kind: ImportKind, fileFields: string[]) {
    const limits = parseLimitsFrom();
    const upload = await readUpload(request, fileFields, limits);
    const options = importOptions(upload.fields);
    // The incumbent's assets import always replaces what exists.
    if (kind === 'assets') options.overwrite = true;
    // Unzipping and YAML parsing run on a parse worker thread, under the limits (parse-limits.ts).
    const contents = await runParseTask('bundle', { data: upload.data, filename: upload.filename }, limits);
    const result = await importContents(ctx, user, contents, kind, options);
    request.log.info({ kind, counts: result.counts }, 'bundle imported');
    return { message: 'OK' };
  }

  for (const kind of KINDS) {
    const def = definitionOf(kind);
    app.get<{ Querystring: { q?: string } }>(`/api/v1/${kind}/export/`, async (request, reply) => {
      const user = requirePerm(request, 'can_export', def.view);
      const ids = await visibleIds(def, parseIdList(request.query.q), { ctx, user, db });
      const { filename, zip } = await buildExport(ctx, kind, ids, user);
      return sendZip(reply, filename, zip);
    });
    app.post(`/api/v1/${kind}/import/`, async (request) => {
      const user = requirePerm(request, 'can_write', def.view);
      return runImport(request, user, kind, ['formData']);
    });
  }

  app.get('/api/v1/assets/export/', async (request, reply) => {
    const user = requireAllViews(request, 'can_export');
    const { filename, zip } = await buildExport(ctx, 'assets', 'all', user);
    return sendZip(reply, filename, zip);
  });
  app.post('/api/v1/assets/import/', async (request) => {
    const user = requireAllViews(request, 'can_write');
    return runImport(request, user, 'assets', ['bundle', 'formData']);
  });
}
