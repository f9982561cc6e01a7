import '../require-supported-node.js';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { MigrationRefused, migrateSqliteToPostgres, VerificationFailed } from '../db/migrate-to-postgres.js';
import { commandProgress } from './migrate-progress.js';

const USAGE = 'usage: npm run migrate-to-postgres -- postgres://user:password@host:5432/database';

/**
 * `npm run migrate-to-postgres -- <DATABASE_URL>`: copies the salon's SQLite database
 * (DATA_DIR/salon.db, found as the service finds it) into the empty PostgreSQL database at
 * that address, and verifies the copy. Exit 0 only when verified; 1 otherwise.
 */
async function main(): Promise<number> {
  const targetUrl = process.argv[2]?.trim();
  if (!targetUrl || process.argv.length > 3 || !/^postgres(ql)?:\/\//.test(targetUrl)) {
    console.error(USAGE);
    return 1;
  }
  const config = loadConfig();
  const sqliteFile = join(config.dataDir, 'salon.db');
  const target = new URL(targetUrl);
  console.log(`from ${sqliteFile}`);
  console.log(`to   postgres://${target.host}${target.pathname}`);
  const report = await migrateSqliteToPostgres({
    sqliteFile,
    targetUrl,
    progress: commandProgress(),
    log: (line) => console.log(line),
  });
  console.log(
    `done: ${report.rows.toLocaleString('en')} rows in ${report.tables.length} tables, copied in ` +
      `${report.copySeconds.toFixed(1)} s and verified in ${(report.verifySeconds ?? 0).toFixed(1)} s.\n` +
      'Next: set DATABASE_URL to this database for the service (and every worker), and start it. ' +
      `Uploads stay in DATA_DIR (${config.dataDir}).`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError) console.error(`configuration error: ${error.message}`);
    else if (error instanceof MigrationRefused) console.error(`refused: ${error.message}`);
    else if (error instanceof VerificationFailed) {
      console.error(`${error.message}\nThe PostgreSQL database does not hold a faithful copy: do not use it.`);
    } else console.error(error);
    process.exit(1);
  },
);
