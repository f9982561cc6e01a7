import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors.js';
import { walkJson } from './json-walk.js';

/** The path of the first string holding a NUL character, or null. */
function findNul(value: unknown): string | null {
  for (const node of walkJson(value)) {
    if (typeof node.value === 'string' && node.value.includes('\u0000')) return node.path;
  }
  return null;
}

/**
 * PostgreSQL cannot store a NUL character in text; SQLite can. So that both engines behave
 * alike and such input is a 400, not a database error, it is refused for every route, in
 * the body, the query string and the path, before validation.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.body, request.query, request.params]) {
      const field = findNul(part);
      if (field !== null) {
        throw badRequest('validation_failed', `Invalid input: ${field || 'body'} contains a NUL character`, [
          { field: field || 'body', message: 'must not contain NUL characters' },
        ]);
      }
    }
  });
}
