import '../require-supported-node.js';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { openContext } from '../bootstrap.js';
import { ConfigError, loadConfig } from '../config.js';
import { AppError } from '../lib/errors.js';
import { createLogger } from '../logger.js';
import {
  IMPORT_KINDS,
  importCsv,
  PRESET_NAMES,
  summaryLines,
  type ImportKind,
  type PresetName,
} from '../modules/imports/service.js';

const USAGE = `Usage: npm run import -- <${IMPORT_KINDS.join('|')}> <file.csv> [options]

  --preset <name>       column names of: ${PRESET_NAMES.join(', ')} (default generic)
  --map <Column=field>  which field a column holds, over the preset; repeat it or separate with commas;
                        Column=ignore leaves a column out
  --dry-run             check every row and report; nothing is written
  --verbose             also list the rows that are created or updated
  --json                print the whole report as JSON (progress stays on stderr)

Exit status: 0 all rows imported (or unchanged), 2 some rows refused, 1 the file or the command was refused.`;

class UsageError extends Error {}

function options(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      preset: { type: 'string' },
      map: { type: 'string', multiple: true },
      'dry-run': { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) throw new UsageError('');
  const [kind, file, ...rest] = positionals;
  if (!kind || !file || rest.length > 0) throw new UsageError('Give the kind of records and one file.');
  if (!(IMPORT_KINDS as readonly string[]).includes(kind)) throw new UsageError(`Unknown kind "${kind}".`);
  if (values.preset !== undefined && !(PRESET_NAMES as readonly string[]).includes(values.preset)) {
    throw new UsageError(`Unknown preset "${values.preset}".`);
  }
  return {
    kind: kind as ImportKind,
    file,
    preset: values.preset as PresetName | undefined,
    mapping: values.map?.join(','),
    dryRun: values['dry-run'],
    verbose: values.verbose,
    json: values.json,
  };
}

/** A bar on a terminal; elsewhere (a log, CI) a line per tenth of the rows. */
function progressReporter(): { update: (done: number, total: number) => void; stop: () => void } {
  if (process.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      { format: 'Importing [{bar}] {percentage}% | {value}/{total} rows | {eta_formatted} left', hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    return {
      update(done, total) {
        if (!started) {
          bar.start(total, done);
          started = true;
        } else bar.update(done);
      },
      stop() {
        if (started) bar.stop();
        started = false;
      },
    };
  }
  let lastTenth = -1;
  return {
    update(done, total) {
      const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      process.stderr.write(`imported ${done}/${total} rows (${tenth * 10}%)\n`);
    },
    stop: () => undefined,
  };
}

/** `npm run import -- clients|services|products <file.csv> …`: imports a CSV file into the configured database. */
async function main(): Promise<void> {
  const args = options(process.argv.slice(2));
  const data = await readFile(args.file);
  const config = loadConfig();
  const { ctx, database } = await openContext(config, createLogger('warn'));
  const progress = progressReporter();
  try {
    const report = await importCsv(ctx, data, {
      kind: args.kind,
      preset: args.preset,
      mapping: args.mapping,
      dryRun: args.dryRun,
      userId: null,
      fileName: basename(args.file),
      onProgress: progress.update,
    });
    progress.stop();
    if (args.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    else process.stdout.write(`${summaryLines(report, args.verbose).join('\n')}\n`);
    process.exitCode = report.totals.refused > 0 ? 2 : 0;
  } finally {
    progress.stop();
    await database.destroy();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError && error.message === '') {
    console.log(USAGE);
    process.exit(0);
  } else if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
  } else if (error instanceof ConfigError) {
    console.error(`configuration error: ${error.message}`);
  } else if (error instanceof AppError) {
    console.error(`import refused (${error.code}): ${error.message}`);
  } else if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
    console.error(`no such file: ${(error as NodeJS.ErrnoException).path}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
