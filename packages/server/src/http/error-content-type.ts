import type { FastifyInstance } from 'fastify';

/** What Fastify writes for an object it serialises. */
const FASTIFY_JSON = 'application/json; charset=utf-8';
/** What the incumbent (Flask's jsonify) writes, and what its API clients compare error answers with. */
export const INCUMBENT_JSON = 'application/json';

/**
 * Error answers go out as exactly `application/json`: the incumbent's command-line clients test
 * `content-type == "application/json"` before reading an error's `errors`, and otherwise print the raw body
 * instead of, for an import conflict, their overwrite hint. JSON is UTF-8 by definition (RFC 8259), so the
 * charset parameter says nothing a reader needs. Successful answers keep Fastify's header.
 */
export function installIncumbentErrorContentType(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode >= 400 && reply.getHeader('content-type') === FASTIFY_JSON) reply.header('content-type', INCUMBENT_JSON);
    return payload;
  });
}
