/**
 * A backup or restore refused or failed for a reason the operator can act on: the command
 * line prints the message alone (no stack) and exits 1; the scheduled backup logs it.
 */
export class BackupError extends Error {}

/** What `npm run backup`, `npm run restore` and BACKUP_DIR answer on PostgreSQL. */
export const POSTGRES_BACKUP_HINT =
  'this backs up the embedded SQLite database; on PostgreSQL use pg_dump and pg_restore ' +
  '(docs/operations.md, "Backups"): pg_dump --format=custom --file=salon.dump "$DATABASE_URL"';
