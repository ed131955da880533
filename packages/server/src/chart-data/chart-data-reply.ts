import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CacheBackend } from '../cache';
import type { AppContext } from '../context';
import { chooseEncoding, compress, type ContentEncoding, varyOnAcceptEncoding } from '../http/content-encoding';
import { hashOfDigests, matchesIfNoneMatch, strongEtag } from '../http/etag';
import type { QueryResult } from './run-query-context';

const OPEN = Buffer.from('{"result":[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']}');
/** How long a compressed copy is kept when the results themselves never expire (cache timeout 0). */
const COMPRESSED_COPY_SECONDS = 86_400;

/** `{"result":[...]}` from the queries' bytes: a copy of each, no JSON work. */
export function responseBody(results: QueryResult[]): Buffer {
  const parts: Buffer[] = [OPEN];
  results.forEach((result, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(result.bytes);
  });
  parts.push(CLOSE);
  return Buffer.concat(parts);
}

/**
 * Answers chart data as JSON from the queries' bytes, with a strong ETag made from their digests (so a hit
 * hashes nothing): 304 without a body when If-None-Match names it. Above the compression threshold the body
 * goes out brotli- or gzip-compressed; an answer made only of cached results is compressed once per
 * encoding and kept in the cache under its tag, so later hits send those bytes without compressing again.
 *
 * @example
 * return sendChartDataJson(app.lumen, request, reply, await runQueryContext(options));
 */
export async function sendChartDataJson(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, results: QueryResult[]): Promise<FastifyReply> {
  const hash = hashOfDigests(results.map((r) => r.digest));
  // The answer is private to whoever may read it; a browser keeps it but asks again each time (If-None-Match).
  reply.header('cache-control', 'private, no-cache');
  const { compression, compressionThreshold } = ctx.config;
  if (compression) varyOnAcceptEncoding((name) => reply.getHeader(name), (name, value) => reply.header(name, value));
  if (matchesIfNoneMatch(request.headers['if-none-match'], hash)) return reply.status(304).header('etag', strongEtag(hash)).send();
  const body = responseBody(results);
  const encoding = compression && body.length >= compressionThreshold ? chooseEncoding(request.headers['accept-encoding']) : null;
  reply.header('content-type', 'application/json; charset=utf-8').header('etag', strongEtag(hash, encoding));
  if (!encoding) return reply.send(body);
  const repeatable = results.every((r) => r.repeatable);
  const encoded = repeatable ? await storedCompressed(ctx, hash, encoding, body) : await compress(body, encoding);
  return reply.header('content-encoding', encoding).send(encoded);
}

/** The compressed copy of a repeatable answer: from the cache, or compressed now and stored under its tag. */
async function storedCompressed(ctx: AppContext, hash: string, encoding: ContentEncoding, body: Buffer): Promise<Buffer> {
  const cache: CacheBackend = ctx.cache;
  const key = `compressed:${encoding}:${hash}`;
  const stored = await cache.get(key).catch(() => null);
  if (stored) return stored;
  const encoded = await compress(body, encoding);
  await cache.set(key, encoded, ctx.config.cacheDefaultTimeout || COMPRESSED_COPY_SECONDS).catch((error: unknown) => ctx.logger.warn({ err: error }, 'compressed chart-data cache write failed'));
  return encoded;
}
