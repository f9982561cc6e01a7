import { DateTime } from 'luxon';
import { generate, TIMEZONE } from './generate.js';

/** `tsx bench/generate-cli.ts <file>`: the data set alone (BENCH_SCALE, BENCH_SEED as for npm run bench). */
const file = process.argv[2] ?? 'bench/.data/salon.db';
const summary = await generate({
  file,
  scale: Number(process.env.BENCH_SCALE ?? 1),
  seed: Number(process.env.BENCH_SEED ?? 42),
  today: DateTime.now().setZone(TIMEZONE).toFormat('yyyy-MM-dd'),
});
console.log(JSON.stringify(summary, null, 2));
