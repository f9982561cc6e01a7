import type { FastifyInstance } from 'fastify';

/**
 * Every route of the app, read from Fastify's own route tree (not from the OpenAPI document
 * under test): `printRoutes` prints one node per line, its path relative to its parent.
 */
export function routesOf(app: FastifyInstance): Array<{ method: string; url: string }> {
  const routes: Array<{ method: string; url: string }> = [];
  const pathAtDepth: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const url = (depth > 0 ? pathAtDepth[depth - 1]! : '') + match[2]!;
    pathAtDepth[depth] = url;
    pathAtDepth.length = depth + 1;
    for (const method of (match[3] ?? '').split(',')) {
      if (method.trim()) routes.push({ method: method.trim(), url });
    }
  }
  return routes;
}
