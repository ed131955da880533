import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { type BrotliOptions, brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';

/**
 * Which compression a client gets, and compressing to it. One rule for the whole server, the one the
 * static files follow (@fastify/static's preCompressed negotiation over the .br/.gz siblings the build
 * writes): the highest q-value among br and gzip wins, br on a tie, `*` counts as gzip, q=0 refuses.
 * sdk-static-routes.test.ts and content-encoding.test.ts check that static files and API answers agree.
 */
export type ContentEncoding = 'br' | 'gzip';

/** In order of preference on equal q-values. */
const SUPPORTED: ContentEncoding[] = ['br', 'gzip'];

/** The encoding to answer with for an Accept-Encoding header, or null for none (identity). */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name === '*' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  let best: ContentEncoding | null = null;
  for (const encoding of SUPPORTED) {
    const weight = weights.get(encoding) ?? 0;
    if (weight > 0 && (best === null || weight > (weights.get(best) ?? 0))) best = encoding;
  }
  return best;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * How hard to compress. 'fast' is for bytes compressed on a request's path (an answer made for one client,
 * or the first copy of a cached one): on a 1 MB chart-data JSON, brotli quality 3 took 9-13 ms of CPU for
 * about 18 % of the input and gzip level 2 4-11 ms for 18-23 %, where brotli 5 took 28-37 ms (docs/deployment.md).
 * 'best' is for a cached answer's stored copy, compressed once off the request path and sent to every later
 * hit: brotli 11 takes 1.5-3 s per megabyte but sends some 20 % fewer bytes than brotli 5.
 */
export type CompressionEffort = 'fast' | 'best';

const BROTLI_QUALITY: Record<CompressionEffort, number> = { fast: 3, best: 11 };
const GZIP_LEVEL: Record<CompressionEffort, number> = { fast: 2, best: 9 };
/** Output chunks of a streamed answer: fewer hops to the thread pool than zlib's 16 KiB. */
const STREAM_CHUNK_BYTES = 64 * 1024;

function brotliOptions(effort: CompressionEffort, size: number): BrotliOptions {
  return { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort], [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: size } };
}

/** Compresses on libuv's thread pool, never on the event loop. */
export function compress(bytes: Buffer, encoding: ContentEncoding, effort: CompressionEffort = 'fast'): Promise<Buffer> {
  if (encoding === 'br') return brotli(bytes, brotliOptions(effort, bytes.length));
  return gzipAsync(bytes, { level: GZIP_LEVEL[effort] });
}

/**
 * The concatenation of `parts` compressed at the fast setting as a stream (on the thread pool), for an answer
 * sent as it is compressed: its first bytes leave before the last are compressed, and neither the answer nor
 * its compressed form is assembled in one buffer.
 */
export function compressedStream(parts: Buffer[], encoding: ContentEncoding): Readable {
  const size = parts.reduce((sum, part) => sum + part.length, 0);
  const stream = encoding === 'br' ? createBrotliCompress({ ...brotliOptions('fast', size), chunkSize: STREAM_CHUNK_BYTES }) : createGzip({ level: GZIP_LEVEL.fast, chunkSize: STREAM_CHUNK_BYTES });
  for (const part of parts) stream.write(part);
  stream.end();
  return stream;
}

/** Adds Accept-Encoding to Vary once (an answer that may be compressed varies with it). */
export function varyOnAcceptEncoding(getHeader: (name: string) => unknown, setHeader: (name: string, value: string) => void): void {
  const current = getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  const tokens = value.split(',').map((t) => t.trim().toLowerCase());
  if (tokens.includes('accept-encoding') || tokens.includes('*')) return;
  setHeader('vary', value ? `${value}, Accept-Encoding` : 'Accept-Encoding');
}
