import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { badRequest, ErrorType, LumenError } from '../errors';
import { UPLOAD_MAX_BYTES } from './upload-options';

/**
 * The multipart body of an upload with its file streamed to a temporary file as it arrives: memory never
 * holds the whole file, and the type (a text field that may come after the file) is known before it is
 * read. `remove()` deletes the file; call it when the upload is done, whatever the outcome.
 */
export interface SpooledUpload {
  path: string;
  size: number;
  filename: string;
  fields: Record<string, string>;
  remove(): Promise<void>;
}

const tooLarge = () => new LumenError(413, `The file is too large: uploads are limited to ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`, ErrorType.INVALID_PAYLOAD_FORMAT_ERROR);

/**
 * Reads the multipart body: the file (field `file`, at most UPLOAD_MAX_BYTES) into a temporary file, and
 * the text fields. 413 past the size limit, 400 without a file or with an empty one.
 *
 * @example
 * const upload = await spoolUpload(request);
 * try { ... } finally { await upload.remove(); }
 */
export async function spoolUpload(request: FastifyRequest): Promise<SpooledUpload> {
  if (!request.isMultipart()) throw badRequest('Expected a multipart/form-data upload with the file in the file field');
  const dir = await mkdtemp(join(tmpdir(), 'lumen-upload-'));
  const path = join(dir, 'file');
  const remove = () => rm(dir, { recursive: true, force: true });
  const fields: Record<string, string> = {};
  let filename: string | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } })) {
      if (part.type !== 'file') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      const file = part as MultipartFile;
      if (file.fieldname !== 'file') {
        file.file.resume();
        continue;
      }
      await pipeline(file.file, createWriteStream(path));
      if (file.file.truncated) throw tooLarge();
      filename = file.filename ?? '';
    }
    if (filename === null) throw badRequest('file: Missing data for required field.', { file: ['Missing data for required field.'] });
    const { size } = await stat(path);
    if (size === 0) throw badRequest('file: The uploaded file is empty.', { file: ['The uploaded file is empty.'] });
    return { path, size, filename, fields, remove };
  } catch (error) {
    await remove();
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
}
