import type { FastifyInstance, FastifyReply } from 'fastify';
import { chooseEncoding, compress, varyOnAcceptEncoding } from './content-encoding';

/** Bodies no client reads, so nothing to compress. */
const NO_BODY = new Set([204, 304]);

/** True for an API answer that is JSON (the only kind compressed on the fly; files come precompressed). */
export function isJsonReply(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('application/json');
}

/**
 * Compresses JSON answers of at least config.compressionThreshold bytes (brotli or gzip, chooseEncoding) and
 * marks every JSON answer Vary: Accept-Encoding. Small answers go out as they are: compressing them costs
 * more time than their bytes do. Answers already encoded (chart data's stored compressed payloads) pass.
 * Installed on the root instance so it covers every domain plugin.
 *
 * @example
 * installApiCompression(app);
 */
export function installApiCompression(app: FastifyInstance): void {
  const { compression, compressionThreshold } = app.lumen.config;
  if (!compression) return;
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isJsonReply(reply) || NO_BODY.has(reply.statusCode) || reply.hasHeader('content-encoding')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    varyOnAcceptEncoding((name) => reply.getHeader(name), (name, value) => reply.header(name, value));
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size < compressionThreshold) return payload;
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compress(typeof payload === 'string' ? Buffer.from(payload) : payload, encoding);
  });
}
