import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

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
 * Compresses on libuv's thread pool, never on the event loop. Brotli at quality 5: about gzip's speed for
 * clearly smaller JSON (quality 11, the default, takes seconds for a megabyte).
 */
export function compress(bytes: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  if (encoding === 'br') {
    return brotli(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
  }
  return gzipAsync(bytes, { level: 6 });
}

/** Adds Accept-Encoding to Vary once (an answer that may be compressed varies with it). */
export function varyOnAcceptEncoding(getHeader: (name: string) => unknown, setHeader: (name: string, value: string) => void): void {
  const current = getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  const tokens = value.split(',').map((t) => t.trim().toLowerCase());
  if (tokens.includes('accept-encoding') || tokens.includes('*')) return;
  setHeader('vary', value ? `${value}, Accept-Encoding` : 'Accept-Encoding');
}
