import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { openContext } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { describeProblems, redoclyLint, validatorError } from './openapi-check.js';

/*
 * `npm run openapi:lint [-- --out openapi.json]`: builds the app on a throw-away SQLite
 * database, takes its /api/openapi.json, and runs the OpenAPI validator and Redocly's
 * `recommended` rules on it. Exit code 1 on any validator failure or Redocly error;
 * warnings are listed but pass. `--out` also writes the document to a file.
 */
const outIndex = process.argv.indexOf('--out');
const outFile = outIndex >= 0 ? process.argv[outIndex + 1] : undefined;

const dataDir = mkdtempSync(join(tmpdir(), 'salon-openapi-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  JWT_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'silent',
  WORKER: 'off',
});
const { ctx, database } = await openContext(config, createLogger(config.logLevel));
let failed = false;
try {
  const app = await buildApp(ctx);
  const document = (await app.inject({ url: '/api/openapi.json' })).json<object>();
  await app.close();
  if (outFile) writeFileSync(outFile, `${JSON.stringify(document, null, 2)}\n`);

  const invalid = await validatorError(document);
  console.log(invalid === null ? 'OpenAPI validator: valid' : `OpenAPI validator: INVALID\n${invalid}`);
  const { errors, warnings } = await redoclyLint(document);
  console.log(`Redocly recommended: ${errors.length} errors, ${warnings.length} warnings`);
  if (errors.length > 0) console.log(describeProblems(errors));
  if (warnings.length > 0) console.log(describeProblems(warnings));
  failed = invalid !== null || errors.length > 0;
} finally {
  await database.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
