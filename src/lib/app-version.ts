import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

let cached: string | undefined;

/**
 * The service's version (package.json `version`). Found by walking up from this file, so it
 * holds both for the sources and for a compiled copy of them placed elsewhere in the tree.
 */
export function appVersion(): string {
  if (cached !== undefined) return cached;
  let dir = import.meta.dirname;
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'salon' && typeof pkg.version === 'string') return (cached = pkg.version);
    } catch {
      // no package.json here: look further up
    }
    const parent = dirname(dir);
    if (parent === dir) return (cached = 'unknown');
    dir = parent;
  }
}
