import '../require-supported-node.js';
import { openContext } from '../bootstrap.js';
import { loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { verifyJournal } from '../modules/pos/service.js';
import { run } from './run.js';

/*
 * `npm run verify-journal`: checks the till journal of the configured database (every hash,
 * the chain, the gap-free numbering) and names the first broken entry. Exit status 0 when the
 * journal is whole, 2 when it is broken, 1 when it could not be checked.
 */
run(async () => {
  const { ctx, database } = await openContext(loadConfig(), createLogger('warn'));
  try {
    const result = await verifyJournal(ctx.db);
    if (result.ok) {
      process.stdout.write(
        `till journal whole: ${result.entries} entries, last ${result.last_receipt_number ?? '(none)'}, checked in ${result.took_ms} ms\n`,
      );
      return;
    }
    const broken = result.first_broken!;
    process.stdout.write(
      `till journal BROKEN at entry ${broken.receipt_number} (id ${broken.id}): ${broken.problem}\n` +
        `${result.entries} entries checked in ${result.took_ms} ms; nothing from this entry on can be trusted\n`,
    );
    process.exitCode = 2;
  } finally {
    await database.destroy();
  }
});
