import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors.js';

/** The path of the first string holding a NUL character, or null. */
function findNul(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findNul(item, path ? `${path}.${key}` : key);
      if (found !== null) return found;
    }
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
      const field = findNul(part, '');
      if (field !== null) {
        throw badRequest('validation_failed', `Invalid input: ${field || 'body'} contains a NUL character`, [
          { field: field || 'body', message: 'must not contain NUL characters' },
        ]);
      }
    }
  });
}
