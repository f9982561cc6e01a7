import '../require-supported-node.js';
import { BackupError, POSTGRES_BACKUP_HINT } from '../backup/errors.js';
import { restoreBackup } from '../backup/restore.js';
import { loadDataLocation } from '../config.js';
import { fileAndForce, run } from './run.js';

/**
 * `npm run restore -- <file.zip> [--force]`, with the service stopped: the backup's database and
 * uploads into DATA_DIR; what is there is replaced only with --force (docs/operations.md, "Backups").
 */
async function main(): Promise<void> {
  const { file, force } = fileAndForce('usage: npm run restore -- <file.zip> [--force]');
  const { dataDir, databaseUrl } = loadDataLocation();
  if (databaseUrl) throw new BackupError(POSTGRES_BACKUP_HINT);
  const restored = await restoreBackup({ dataDir, archive: file, force, onStep: (step) => console.log(step) });
  console.log(
    `restored into ${dataDir}: the backup of ${restored.createdAt} (Salon ${restored.appVersion}, schema ` +
      `${restored.schemaVersion}, ${restored.uploads} uploaded file${restored.uploads === 1 ? '' : 's'}); integrity check ok. Start the service.`,
  );
}

run(main);
