import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';
import { loggablePath } from '../lib/loggable-url.js';
import { errorRef } from './schemas.js';

/** The longest path parameter the router reads (Fastify's default); a longer one is a 414. */
export const MAX_PARAM_LENGTH = 100;

/**
 * Where a refused URL is routed instead: a path that no route serves and that the router can
 * always read, so the request is handled by the not-found context, which runs every hook.
 */
const REFUSED_URL_PATH = '/.refused-url';

const invalidUrl = () =>
  new AppError(400, 'invalid_url', 'The URL path is not valid: a "%" must start a percent-encoded UTF-8 character');
const uriTooLong = () =>
  new AppError(414, 'uri_too_long', `A value in the URL path is longer than ${MAX_PARAM_LENGTH} characters`);

/**
 * The router refuses two kinds of URL before any route is chosen: one it cannot decode
 * (`/api/clients/%zz`) and one whose path parameter is over MAX_PARAM_LENGTH characters.
 * Fastify then answers on its own (its `frameworkErrors` option too gets a request that runs
 * no hook and not the app's error handler), so the answer would miss the error body, the
 * request id, and the security and CORS headers. Instead, the request is routed again to a
 * path that matches nothing, remembering why, and a hook throws the error there: one error
 * path for every answer.
 *
 * `routerOptions` go to Fastify's constructor; `register` then gives the instance, whose
 * router the refused requests go back to, and adds the hook (after the hooks that set
 * headers).
 */
export class RefusedUrls {
  private app: FastifyInstance | null = null;
  private readonly errors = new WeakMap<IncomingMessage, () => AppError>();

  readonly routerOptions = {
    maxParamLength: MAX_PARAM_LENGTH,
    onBadUrl: this.reroute(invalidUrl),
    onMaxParamLength: this.reroute(uriTooLong),
  };

  register(app: FastifyInstance): void {
    this.app = app;
    // Every operation with a path parameter can answer the 414: documented with it.
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') || !route.url.includes('/:')) return;
      route.schema ??= {};
      const schema = route.schema as { response?: Record<string, unknown> };
      schema.response = { 414: errorRef, ...schema.response };
    });
    app.addHook('onRequest', async (request) => {
      const error = this.errors.get(request.raw);
      if (error) {
        request.log.info({ url: loggablePath(request.originalUrl) }, 'URL refused by the router');
        throw error();
      }
    });
  }

  private reroute(error: () => AppError) {
    return (_path: string, request: IncomingMessage, response: ServerResponse): void => {
      if (!this.app) throw new Error('RefusedUrls.register was not called');
      this.errors.set(request, error);
      (request as IncomingMessage & { originalUrl?: string }).originalUrl = request.url;
      request.url = REFUSED_URL_PATH;
      this.app.routing(request, response);
    };
  }
}
