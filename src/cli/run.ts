import { parseArgs } from 'node:util';
import { BackupError } from '../backup/errors.js';
import { ConfigError } from '../config.js';

export { formatBytes } from '../lib/bytes.js';

/** A command line that does not fit the command: its usage is printed. */
class UsageError extends Error {}

/** The one file argument and the `--force` flag that backup and restore take. */
export function fileAndForce(usage: string): { file: string; force: boolean } {
  let parsed;
  try {
    parsed = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${usage}`);
  }
  const [file, ...rest] = parsed.positionals;
  if (file === undefined || rest.length > 0) throw new UsageError(usage);
  return { file, force: parsed.values.force };
}

/**
 * Runs a command's main() and exits: 0 when it resolves (or the process.exitCode it set), 1 with one line when it fails for a
 * reason the operator can act on (usage, configuration, a refused backup or restore), and 1
 * with the whole error otherwise.
 */
export function run(main: () => Promise<void>): void {
  main().then(
    () => process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0),
    (error: unknown) => {
      if (error instanceof ConfigError) console.error(`configuration error: ${error.message}`);
      else if (error instanceof BackupError || error instanceof UsageError) console.error(error.message);
      else console.error(error);
      process.exit(1);
    },
  );
}
