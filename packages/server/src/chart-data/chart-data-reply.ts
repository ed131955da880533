import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { chooseEncoding, compressedStream, varyOnAcceptEncoding } from '../http/content-encoding';
import { hashOfDigests, matchesIfNoneMatch, strongEtag } from '../http/etag';
import { compressedCopiesOf } from './compressed-copies';
import type { QueryResult } from './run-query-context';

const OPEN = Buffer.from('{"result":[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']}');
/** How long a compressed copy is kept when the results themselves never expire (cache timeout 0). */
const COMPRESSED_COPY_SECONDS = 86_400;

/** `{"result":[...]}` in pieces, the queries' own bytes between them (views, no copies). */
function responseParts(results: QueryResult[]): Buffer[] {
  const parts: Buffer[] = [OPEN];
  results.forEach((result, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(...result.parts);
  });
  parts.push(CLOSE);
  return parts;
}

/** `{"result":[...]}` from the queries' bytes: one copy of each, no JSON work. */
export function responseBody(results: QueryResult[]): Buffer {
  return Buffer.concat(responseParts(results));
}

/**
 * Answers chart data as JSON from the queries' bytes, with a strong ETag made from their digests (so a hit
 * hashes nothing): 304 without a body when If-None-Match names it. Above the compression threshold the body
 * goes out brotli- or gzip-compressed. A fresh answer (made for this request) is compressed at the fast
 * setting as it streams out; an answer made only of cached results is compressed once per encoding and
 * kept (compressed-copies.ts: a fast copy first, a well-compressed one written over it off the request path).
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
  const parts = responseParts(results);
  const size = parts.reduce((sum, part) => sum + part.length, 0);
  const encoding = compression && size >= compressionThreshold ? chooseEncoding(request.headers['accept-encoding']) : null;
  reply.header('content-type', 'application/json; charset=utf-8').header('etag', strongEtag(hash, encoding));
  if (!encoding) return reply.send(Buffer.concat(parts, size));
  reply.header('content-encoding', encoding);
  if (!results.every((r) => r.repeatable)) return reply.send(compressedStream(parts, encoding));
  const copies = compressedCopiesOf(ctx.cache, ctx.config.cacheDefaultTimeout || COMPRESSED_COPY_SECONDS, ctx.logger);
  return reply.send(await copies.forHit(hash, encoding, Buffer.concat(parts, size)));
}
