import type { FastifyInstance } from 'fastify';

/** What Fastify writes for an object it serialises. */
const FASTIFY_JSON = 'application/json; charset=utf-8';
/** What the incumbent (Flask's jsonify) writes, and what its API clients compare answers with. */
export const INCUMBENT_JSON = 'application/json';

/**
 * JSON answers go out as exactly `application/json`, successes and errors alike: the incumbent's
 * command-line clients test `content-type == "application/json"` before reading an answer (an error's
 * `errors`, and otherwise print the raw body instead of, for an import conflict, their overwrite hint), and
 * its OpenAPI document names no other type. JSON is UTF-8 by definition (RFC 8259), so the charset
 * parameter says nothing a reader needs.
 */
export function installIncumbentJsonContentType(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.getHeader('content-type') === FASTIFY_JSON) reply.header('content-type', INCUMBENT_JSON);
    return payload;
  });
}
