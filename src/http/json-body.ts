import type { FastifyInstance } from 'fastify';
import { AppError, badRequest, type FieldError } from '../lib/errors.js';
import { walkJson } from './json-walk.js';

/**
 * How deep a JSON body may nest. The deepest body a route takes (campaign blocks, the
 * weekly opening hours) is a handful of levels; a deeper one is an attack on the parser's
 * callers, not data.
 */
export const MAX_BODY_DEPTH = 32;

/**
 * Why a parsed body is refused: nested too deeply, or a key that would reach an object's
 * prototype once merged into another object (`__proto__`, or `constructor` holding
 * `prototype`). Prototype keys are refused rather than dropped, so a client learns that
 * its data was not taken as sent.
 */
function refusal(body: unknown): FieldError | null {
  for (const { path, key, value, depth } of walkJson(body)) {
    if (depth > MAX_BODY_DEPTH) {
      return { field: 'body', message: `must not be nested more than ${MAX_BODY_DEPTH} levels deep` };
    }
    if (key === '__proto__') {
      return { field: path, message: 'is not allowed: a "__proto__" key could change object prototypes' };
    }
    if (key === 'constructor' && value !== null && typeof value === 'object' && Object.hasOwn(value, 'prototype')) {
      return {
        field: `${path}.prototype`,
        message: 'is not allowed: "constructor.prototype" could change object prototypes',
      };
    }
  }
  return null;
}

/**
 * The JSON body parser of every route (the payment webhooks keep their raw bodies). Fastify's
 * own parser answers a bare "invalid JSON" both for a prototype key and for an empty body;
 * this one says what is wrong, and reads an empty DELETE body as no body, since many HTTP
 * clients send `Content-Type: application/json` on every request.
 */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    const body = String(text);
    if (body.trim() === '') {
      if (request.method === 'DELETE') return done(null, undefined);
      return done(badRequest('invalid_json', 'Request body is empty: send a JSON value'));
    }
    let value: unknown;
    try {
      // JSON.parse keeps a "__proto__" key as a plain own property; it is refused below.
      value = JSON.parse(body);
    } catch {
      return done(new AppError(400, 'invalid_json', 'Request body is not valid JSON'));
    }
    const refused = refusal(value);
    if (refused) {
      return done(badRequest('validation_failed', `Invalid input: ${refused.field} ${refused.message}`, [refused]));
    }
    return done(null, value);
  });
}
