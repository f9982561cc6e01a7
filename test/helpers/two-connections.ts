import { join } from 'node:path';
import type { KyselyPlugin } from 'kysely';
import { connect, type Database, type Dialect } from '../../src/db/connection.js';
import { sharedDatabase } from './shared-database.js';

/** Counts the statements run through the database it is plugged into (its transactions too). */
export function statementCounter(): KyselyPlugin & { count: number } {
  const counter = {
    count: 0,
    transformQuery: (args: Parameters<KyselyPlugin['transformQuery']>[0]) => args.node,
    transformResult: async (args: Parameters<KyselyPlugin['transformResult']>[0]) => {
      counter.count++;
      return args.result;
    },
  };
  return counter;
}

/**
 * Two connections to one database, as two processes have: the reader's held row must follow
 * the writer's changes. SQLite: a file, opened twice. PostgreSQL: a second pool.
 */
export async function twoConnections(dialect: Dialect) {
  const shared = await sharedDatabase(dialect);
  const writer: Database = connect(
    shared.url ? { databaseUrl: shared.url, poolSize: 2 } : { sqliteFile: join(shared.config.dataDir, 'salon.db') },
  );
  return {
    reader: shared.database,
    writer,
    close: async () => {
      await writer.destroy();
      await shared.drop();
    },
  };
}
