import '../require-supported-node.js';
import { createBackup } from '../backup/create.js';
import { BackupError, POSTGRES_BACKUP_HINT } from '../backup/errors.js';
import { loadDataLocation } from '../config.js';
import { fileAndForce, formatBytes, run } from './run.js';

/**
 * `npm run backup -- <file.zip> [--force]`: a backup of DATA_DIR's SQLite database and uploads
 * into one archive, taken while the service runs (docs/operations.md, "Backups").
 */
async function main(): Promise<void> {
  const { file, force } = fileAndForce('usage: npm run backup -- <file.zip> [--force]');
  const { dataDir, databaseUrl } = loadDataLocation();
  if (databaseUrl) throw new BackupError(POSTGRES_BACKUP_HINT);
  const backup = await createBackup({ dataDir, target: file, force, onStep: (step) => console.log(step) });
  console.log(
    `backup written: ${backup.file} (${formatBytes(backup.bytes)}; schema ${backup.schemaVersion}; ${backup.uploads} uploaded file${backup.uploads === 1 ? '' : 's'})`,
  );
  if (backup.skipped.length > 0) {
    console.log(`left out, not made by the service: ${backup.skipped.map((key) => `uploads/${key}`).join(', ')}`);
  }
}

run(main);
