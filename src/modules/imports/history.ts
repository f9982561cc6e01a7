import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { DB } from '../../db/types.js';
import { paginate, type Page, type PageRequest } from '../../http/pagination.js';
import { formatInstant, nowIso } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';
import type { PresetName } from './presets.js';
import type { ImportReport, ImportRunOutput } from './schemas.js';

/*
 * The history of imports: each file imported for real, with its totals, newest first. A dry
 * run leaves no trace (it changed nothing); neither does an import a database failure ended
 * (its committed batches are found again as `unchanged` by the next run of the file).
 */

/** The longest file name kept: a name is for recognising the file, not for storing paths. */
const NAME_MAX = 255;

export async function recordImportRun(
  db: Executor,
  report: ImportReport,
  by: { userId: number | null; fileName?: string | undefined },
): Promise<void> {
  await db
    .insertInto('import_runs')
    .values({
      kind: report.kind,
      preset: report.preset,
      file_name: (by.fileName ?? '').slice(0, NAME_MAX),
      user_id: by.userId,
      rows: report.totals.rows,
      created: report.totals.create,
      updated: report.totals.update,
      unchanged: report.totals.unchanged,
      refused: report.totals.refused,
      created_at: nowIso(),
    })
    .execute();
}

/** The imports, newest first, each with the name of who ran it (null from the command line or a removed account). */
export async function listImportRuns(
  db: Kysely<DB>,
  request: PageRequest,
): Promise<ImportRunOutput[] | Page<ImportRunOutput>> {
  const timezone = await readTimezone(db);
  const query = db
    .selectFrom('import_runs')
    .leftJoin('users', 'users.id', 'import_runs.user_id')
    .selectAll('import_runs')
    .select('users.name as user_name');
  const count = async () =>
    Number(
      (
        await db
          .selectFrom('import_runs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return paginate(
    query.orderBy('import_runs.created_at', 'desc').orderBy('import_runs.id', 'desc'),
    count,
    request,
    (row) => ({
      id: row.id,
      kind: row.kind,
      preset: row.preset as PresetName,
      file_name: row.file_name,
      user_id: row.user_id,
      user_name: row.user_name ?? null,
      totals: {
        rows: row.rows,
        create: row.created,
        update: row.updated,
        unchanged: row.unchanged,
        refused: row.refused,
      },
      created_at: formatInstant(row.created_at, timezone),
    }),
  );
}
