import type { FastifyReply } from 'fastify';

/**
 * An AbortSignal that fires when the client goes away (closes the connection) before its answer was
 * written, so the query it asked for is cancelled in the engine instead of running for nobody.
 *
 * @example
 * await runQueryContext({ ...options, signal: clientAbortSignal(reply) });
 */
export function clientAbortSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  // 'close' also follows a completed answer; only a close before the answer finished is the client leaving.
  response.once('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  return controller.signal;
}
