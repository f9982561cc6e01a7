import module from 'node:module';
import { mapStackTraces } from './lib/stack-traces.js';

/**
 * What every process entry does before it loads the rest of the service (`entryUrl`: the
 * entry's `import.meta.url`):
 * - keeps V8's compiled code of the service's modules on disk between starts (in the system's
 *   temporary directory, or NODE_COMPILE_CACHE), so a start loads it instead of compiling
 *   every module again, about a sixth of a cold start's CPU; a missing or unwritable cache
 *   only costs that time;
 * - has stack traces of the compiled build name src/ files and lines (lib/stack-traces.ts).
 */
export function prepareProcess(entryUrl: string): void {
  // Optional chaining: an old Node.js without it must reach the version check's message.
  module.enableCompileCache?.();
  mapStackTraces(entryUrl);
}
