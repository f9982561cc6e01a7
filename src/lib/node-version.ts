import { readFileSync } from 'node:fs';
import semver from 'semver';

/**
 * The Node.js versions the service runs on: package.json's `engines.node`, read here so that
 * the start-up check and npm's own engine check can never disagree.
 */
export function supportedNodeRange(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    engines?: { node?: string };
  };
  const range = manifest.engines?.node;
  if (!range) throw new Error('package.json has no engines.node');
  return range;
}

/** One line telling why this Node.js cannot run the service, or undefined when it can. */
export function unsupportedNodeMessage(version: string, range = supportedNodeRange()): string | undefined {
  if (semver.satisfies(version, range)) return undefined;
  return `Salon needs Node.js ${range} (the 22 or 24 LTS line); this is Node.js ${version}.`;
}
