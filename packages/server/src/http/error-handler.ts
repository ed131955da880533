import type { FastifyError, FastifyInstance } from 'fastify';
import { AdmissionQueueFullError } from '../admission';
import { ErrorType, FieldErrors, LumenError, MissingFieldsError, TokenExpiredError } from '../errors';

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Unprocessable entity',
  500: 'Server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
};

/**
 * One error shape for the whole API, as the incumbent answers: `{message, errors: [structured]}`.
 * Validation and parse errors become 400 naming the bad field; anything unexpected is a 500 with a
 * generic message (details go to the log only, never secrets to the client).
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | LumenError | Error, request, reply) => {
    if (error instanceof MissingFieldsError || error instanceof FieldErrors) {
      return reply.status(error.statusCode).send({ message: error.perField(), errors: [error.toStructured()] });
    }
    if (error instanceof TokenExpiredError) {
      return reply.status(error.statusCode).send({ msg: error.message, message: error.message, errors: [error.toStructured()] });
    }
    // A full database queue tells the client when to come back (RFC 9110 Retry-After, in seconds).
    if (error instanceof AdmissionQueueFullError) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof LumenError) {
      return reply.status(error.statusCode).send({ message: error.message, errors: [error.toStructured()] });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      const message = fastifyError.message.replace(/^(body|querystring|params)\/?/, (m) => m);
      return reply.status(400).send({
        message,
        errors: [{ message, error_type: ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR, level: 'error' }],
      });
    }
    const status = fastifyError.statusCode && fastifyError.statusCode >= 400 ? fastifyError.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      const message = 'Sorry, an unknown error occurred.';
      return reply.status(status).send({ message, errors: [{ message, error_type: ErrorType.GENERIC_BACKEND_ERROR, level: 'error' }] });
    }
    const message = fastifyError.message || STATUS_NAMES[status] || `Error ${status}`;
    const errorType = status === 400 ? ErrorType.INVALID_PAYLOAD_FORMAT_ERROR : ErrorType.GENERIC_BACKEND_ERROR;
    return reply.status(status).send({ message, errors: [{ message, error_type: errorType, level: 'error' }] });
  });
  app.setNotFoundHandler((request, reply) => {
    const message = `Not found: ${request.method} ${request.url.split('?')[0]}`;
    reply.status(404).send({ message, errors: [{ message, error_type: ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, level: 'error' }] });
  });
}
