import '../require-supported-node.js';
import { parseArgs } from 'node:util';
import { BackupError, POSTGRES_BACKUP_HINT } from '../backup/errors.js';
import { restoreBackup } from '../backup/restore.js';
import { parseSize } from '../backup/unpack-limits.js';
import { loadDataLocation } from '../config.js';
import { run } from './run.js';

const USAGE = 'usage: npm run restore -- <file.zip> [--force] [--max-size <size, e.g. 5GB>]';

function restoreArguments(): { file: string; force: boolean; maxBytes: number | undefined } {
  let parsed;
  try {
    parsed = parseArgs({
      options: { force: { type: 'boolean', default: false }, 'max-size': { type: 'string' } },
      allowPositionals: true,
    });
  } catch (error) {
    throw new BackupError(`${(error as Error).message}\n${USAGE}`);
  }
  const [file, ...rest] = parsed.positionals;
  if (file === undefined || rest.length > 0) throw new BackupError(USAGE);
  const text = parsed.values['max-size'];
  const maxBytes = text === undefined ? undefined : parseSize(text);
  if (maxBytes === null) throw new BackupError(`--max-size must be a size such as 5GB or 750MB, got "${text}"`);
  return { file, force: parsed.values.force, maxBytes };
}

/**
 * `npm run restore -- <file.zip> [--force] [--max-size <size>]`, with the service stopped: the
 * backup's database and uploads into DATA_DIR; what is there is replaced only with --force;
 * an archive that unpacks to more than 100 times its size (at least 256 MB) is refused unless
 * --max-size allows it (docs/operations.md, "Backups").
 */
async function main(): Promise<void> {
  const { file, force, maxBytes } = restoreArguments();
  const { dataDir, databaseUrl } = loadDataLocation();
  if (databaseUrl) throw new BackupError(POSTGRES_BACKUP_HINT);
  let restored;
  try {
    restored = await restoreBackup({
      dataDir,
      archive: file,
      force,
      maxBytes,
      onStep: (step) => console.log(step),
    });
  } catch (error) {
    // An operator running a restore wants what went wrong in one line, not a stack.
    if (error instanceof BackupError) throw error;
    throw new BackupError(`restore failed: ${(error as Error).message}`);
  }
  console.log(
    `restored into ${dataDir}: the backup of ${restored.createdAt} (Salon ${restored.appVersion}, schema ` +
      `${restored.schemaVersion}, ${restored.uploads} uploaded file${restored.uploads === 1 ? '' : 's'}); integrity check ok. Start the service.`,
  );
}

run(main);
