import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';
import { fieldErrors } from './validation.js';

/** Fastify's own client errors, mapped to the API's error codes (docs/api.md "Errors"). */
const FRAMEWORK_CODES: Record<string, [number, string, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large', 'Request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'Unsupported content type'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_json', 'Request body is empty'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_json', 'Request body is not valid JSON'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'invalid_request', 'Content-Length does not match the body'],
  FST_REQ_FILE_TOO_LARGE: [413, 'payload_too_large', 'The file is too large'],
  FST_FILES_LIMIT_REACHED: [413, 'payload_too_large', 'Too many files in one request'],
  FST_PARTS_LIMIT_REACHED: [413, 'payload_too_large', 'Too many parts in one request'],
  FST_FIELDS_LIMIT_REACHED: [413, 'payload_too_large', 'Too many fields in one request'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'unsupported_media_type', 'Send the file as multipart/form-data'],
};

/** PostgreSQL SQLSTATEs that mean "this input cannot be stored": numeric out of range, string too long, bad text, bad number. */
const DATABASE_INPUT_ERRORS = new Set(['22003', '22001', '22021', '22P02', '22008', '22007']);

/** The answer to a method and path that no route serves. */
export function routeNotFound(request: FastifyRequest): AppError {
  return new AppError(404, 'not_found', `Route ${request.method} ${request.url.split('?')[0]} not found`);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send({
        error: error.message,
        code: error.code,
        ...(error.details ? { details: error.details } : {}),
        ...error.extra,
      });
    }
    if (error.validation) {
      const details = fieldErrors(error.validation as never, error.validationContext);
      const summary = details.map((d) => `${d.field} ${d.message}`).join('; ');
      return reply.status(400).send({ error: `Invalid input: ${summary}`, code: 'validation_failed', details });
    }
    const known = FRAMEWORK_CODES[error.code];
    if (known) {
      return reply.status(known[0]).send({ error: known[2], code: known[1] });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // JSON syntax errors arrive as a SyntaxError with statusCode 400 from the parser.
      const code = error instanceof SyntaxError ? 'invalid_json' : 'bad_request';
      const message = error instanceof SyntaxError ? 'Request body is not valid JSON' : error.message;
      return reply.status(error.statusCode).send({ error: message, code });
    }
    // Defence in depth: input that only the database found invalid (a value out of range for
    // its column, text it cannot store) is the client's error, not the server's.
    const databaseCode = (error as { code?: unknown }).code;
    if (typeof databaseCode === 'string' && DATABASE_INPUT_ERRORS.has(databaseCode)) {
      request.log.warn({ err: error }, 'input refused by the database');
      return reply
        .status(400)
        .send({ error: 'Invalid input: a value is out of range or not storable', code: 'invalid_input' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'Internal server error', code: 'internal_error' });
  });

  app.setNotFoundHandler(async (request) => {
    throw routeNotFound(request);
  });
}
