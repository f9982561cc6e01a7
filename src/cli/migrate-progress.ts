import cliProgress from 'cli-progress';
import type { CopyProgress } from '../db/copy-to-postgres.js';

/**
 * Progress of a long command: a redrawn bar (cli-progress) when `stream` is a terminal;
 * otherwise, for a log file or a pipe, a line when the table at work changes and a line per
 * tenth of the phase, so the output stays short and readable.
 */
export function commandProgress(stream: NodeJS.WriteStream = process.stdout): CopyProgress {
  if (stream.isTTY) {
    let bar: cliProgress.SingleBar | null = null;
    let done = 0;
    return {
      start(phase, total) {
        done = 0;
        bar = new cliProgress.SingleBar(
          {
            stream,
            format: `${phase.padEnd(17)} {bar} {percentage}% | {value}/{total} | {duration_formatted} | {detail}`,
            hideCursor: true,
            formatValue: (value, _options, type) =>
              type === 'value' || type === 'total' ? value.toLocaleString('en') : String(value),
          },
          cliProgress.Presets.shades_classic,
        );
        bar.start(total, 0, { detail: '' });
      },
      advance(amount, detail) {
        done += amount;
        bar?.update(done, { detail });
      },
      finish() {
        bar?.stop();
        bar = null;
      },
    };
  }

  let phase = '';
  let total = 1;
  let done = 0;
  let tenth = 0;
  let current = '';
  let started = 0;
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
  return {
    start(name, amount) {
      phase = name;
      total = Math.max(1, amount);
      done = 0;
      tenth = 0;
      current = '';
      started = Date.now();
      stream.write(`${phase}: ${amount.toLocaleString('en')} to do\n`);
    },
    advance(amount, detail) {
      done += amount;
      if (amount > 0 && detail !== current) {
        current = detail;
        stream.write(`${phase}: ${detail}\n`);
      }
      const reached = Math.floor((done / total) * 10);
      if (reached > tenth && reached < 10) {
        tenth = reached;
        stream.write(
          `${phase}: ${reached * 10} % (${done.toLocaleString('en')} of ${total.toLocaleString('en')}, ${seconds()} s)\n`,
        );
      }
    },
    finish() {
      stream.write(`${phase}: done (${done.toLocaleString('en')}, ${seconds()} s)\n`);
    },
  };
}
