import type { FastifyInstance } from 'fastify';
import { routeNotFound } from './errors.js';
import { errorRef } from './schemas.js';

/** A route path's segments, with every parameter written `:` so that sibling routes line up. */
function segmentsOf(url: string): string[] {
  return url.split('/').map((segment) => (segment.startsWith(':') ? ':' : segment));
}

function isFixed(segment: string): boolean {
  return segment !== '' && segment !== ':' && !segment.includes('*') && !segment.includes(':');
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A fixed path segment is never an id. `/api/clients/labels` exists for GET and POST, so
 * `PUT /api/clients/labels` would otherwise reach `PUT /api/clients/:id` and answer a 400
 * about the id; it is an unknown route, 404, like any other. Every route's fixed segments
 * are recorded as routes are added, keyed by the path before them; a request that reached a
 * parametric route with such a segment in a parameter's place is answered 404 before its
 * authentication, validation or handler run.
 */
export function registerFixedSegments(app: FastifyInstance): void {
  const fixedAfter = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    const segments = segmentsOf(route.url);
    // A parametric operation can answer 404 (a fixed segment in its parameter's place, if
    // not an unknown id): documented with it.
    if (route.url.startsWith('/api/') && segments.includes(':')) {
      route.schema ??= {};
      const schema = route.schema as { response?: Record<string, unknown> };
      schema.response = { 404: errorRef, ...schema.response };
    }
    for (let i = 1; i < segments.length; i++) {
      if (!isFixed(segments[i]!)) continue;
      const prefix = segments.slice(0, i).join('/');
      let fixed = fixedAfter.get(prefix);
      if (!fixed) fixedAfter.set(prefix, (fixed = new Set()));
      fixed.add(segments[i]!);
    }
  });

  app.addHook('onRequest', async (request) => {
    const pattern = request.routeOptions.url;
    if (!pattern?.includes('/:')) return;
    const routeSegments = segmentsOf(pattern);
    const pathSegments = request.url.split('?')[0]!.split('/');
    for (let i = 1; i < routeSegments.length; i++) {
      if (routeSegments[i] !== ':') continue;
      const fixed = fixedAfter.get(routeSegments.slice(0, i).join('/'));
      if (fixed?.has(decoded(pathSegments[i] ?? ''))) throw routeNotFound(request);
    }
  });
}
