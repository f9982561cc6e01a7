import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import { forSerializer } from './serializer-schema.js';

/*
 * Route schemas are compiled on first use instead of at start. Compiling every route's
 * validators (ajv) and response serializers (fast-json-stringify) up front was most of a cold
 * start's CPU and a good part of an idle process's memory, for routes most processes never
 * serve. The first request of a route pays its own compilation (a few milliseconds); every
 * later request runs the compiled function directly. So that a broken schema still fails a
 * test rather than a request, `compileAllSchemas()` compiles whatever is still pending (the
 * suite calls it on a built app: http/lazy-schemas.test.ts).
 */

/**
 * The compilations not done yet, weakly held: an app that is closed and dropped (the tests
 * build hundreds) takes its pending compilations with it.
 */
const pending = new Set<WeakRef<() => void>>();

/** `compile` deferred to the first call of the returned function, which then forwards to the compiled one. */
export function lazily<F extends (...args: never[]) => unknown>(compile: () => F): () => F {
  let compiled: F | undefined;
  const get = (): F => {
    if (compiled === undefined) {
      compiled = compile();
      pending.delete(entry);
    }
    return compiled;
  };
  const force = () => void get();
  const entry = new WeakRef(force);
  pending.add(entry);
  // The returned function keeps `force` (and so its entry) alive as long as the route is.
  return Object.assign(get, { force });
}

/** How many compilations are still pending (of apps still alive). */
export function pendingSchemaCount(): number {
  let count = 0;
  for (const entry of pending) {
    if (entry.deref()) count += 1;
    else pending.delete(entry);
  }
  return count;
}

/** Compiles every schema not compiled yet; throws the first compilation error. */
export function compileAllSchemas(): void {
  for (const entry of [...pending]) {
    const force = entry.deref();
    if (force) force();
    else pending.delete(entry);
  }
}

const buildDefaultSerializer = SerializerSelector();

/**
 * Fastify's own serializer factory (fast-json-stringify), each route's serializer compiled on
 * its first response, from the schema as the serializer needs it (serializer-schema.ts).
 */
export const buildLazySerializer: SerializerSelector.SerializerFactory = (externalSchemas, options) => {
  const compile = buildDefaultSerializer(externalSchemas, options);
  return (route) => {
    const serializer = lazily(() => compile({ ...route, schema: forSerializer(route.schema) }));
    return (doc) => serializer()(doc);
  };
};
