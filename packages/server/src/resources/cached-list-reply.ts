import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { chooseEncoding, compress, varyOnAcceptEncoding } from '../http/content-encoding';
import { matchesIfNoneMatch, strongEtag } from '../http/etag';
import type { Json } from './definition';
import type { CachedListAnswer, ListAnswerCache } from './list-answer-cache';
import { readListVersion } from './list-version';

const JSON_TYPE = 'application/json; charset=utf-8';

export interface CachedListRequest {
  ctx: AppContext;
  cache: ListAnswerCache;
  request: FastifyRequest;
  reply: FastifyReply;
  /** listCacheKey(...) of this request. */
  key: string;
  /** Runs the list (a miss). */
  compute: () => Promise<Json>;
}

/** The answer at the store's current version: the kept bytes, or the list run and encoded once and kept. */
async function answerAtCurrentVersion({ ctx, cache, key, compute }: CachedListRequest): Promise<CachedListAnswer> {
  // Read before the list runs: a write landing meanwhile leaves the answer under the older version, which the
  // next request no longer matches (never a stale hit, at worst one more miss).
  const version = await readListVersion(ctx.store);
  return cache.getOrMake(key, version, async () => {
    const body = Buffer.from(JSON.stringify(await compute()));
    return { body, hash: createHash('sha256').update(body).digest('base64url'), compressed: {} };
  });
}

/**
 * Answers a list from the list answer cache, with a strong ETag (304 when If-None-Match names it) and, above
 * the compression threshold, a compressed copy made once per encoding and kept with the answer.
 *
 * @example
 * return replyWithCachedList({ ctx, cache, request, reply, key: listCacheKey(def.name, q, user), compute });
 */
export async function replyWithCachedList(options: CachedListRequest): Promise<FastifyReply> {
  const { ctx, cache, request, reply, key } = options;
  const answer = await answerAtCurrentVersion(options);
  reply.header('cache-control', 'private, no-cache');
  const { compression, compressionThreshold } = ctx.config;
  if (compression) varyOnAcceptEncoding((name) => reply.getHeader(name), (name, value) => reply.header(name, value));
  if (matchesIfNoneMatch(request.headers['if-none-match'], answer.hash)) return reply.status(304).header('etag', strongEtag(answer.hash)).send();
  const encoding = compression && answer.body.length >= compressionThreshold ? chooseEncoding(request.headers['accept-encoding']) : null;
  reply.header('content-type', JSON_TYPE).header('etag', strongEtag(answer.hash, encoding));
  if (!encoding) return reply.send(answer.body);
  let compressed = answer.compressed[encoding];
  if (!compressed) {
    compressed = await compress(answer.body, encoding);
    cache.addCompressed(key, answer, encoding, compressed);
  }
  return reply.header('content-encoding', encoding).send(compressed);
}
