import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';

/*
 * The lint rule that keeps the layers apart (eslint-boundaries.mjs), run on snippets placed
 * at chosen paths: each wrong import must fail and each right one pass. `npm run lint` runs
 * the same rule over the tree.
 */

const root = join(import.meta.dirname, '..');

async function boundaryLinter(): Promise<ESLint> {
  // Loaded at run time: the configuration is plain JavaScript, outside the TypeScript program.
  const { moduleBoundaries } = (await import(pathToFileURL(join(root, 'eslint-boundaries.mjs')).href)) as {
    moduleBoundaries: Linter.Config[];
  };
  return new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        // The tree's disable comments name typescript-eslint rules, which are not run here.
        plugins: { '@typescript-eslint': tseslint.plugin },
        linterOptions: { reportUnusedDisableDirectives: 'off' },
      },
      ...moduleBoundaries,
    ],
  });
}

async function violations(eslint: ESLint, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('layers and module boundaries (lint rule)', () => {
  const wrong: Array<[string, string, string]> = [
    [
      'a low layer importing a module',
      'src/mail/outbox.ts',
      "import { readSettings } from '../modules/settings/service.js';",
    ],
    [
      'a low layer importing a module by type',
      'src/db/sequences.ts',
      "import type { X } from '../modules/pos/schemas.js';",
    ],
    [
      'a module importing another module’s internals',
      'src/modules/pos/service.ts',
      "import { moveStock } from '../inventory/stock.js';",
    ],
    [
      'a module re-exporting another module’s internals',
      'src/modules/pos/service.ts',
      "export { moveStock } from '../inventory/stock.js';",
    ],
    [
      'a nested module file importing another module’s internals',
      'src/modules/payments/providers/cardpay.ts',
      "import { x } from '../../pos/totals.js';",
    ],
    [
      'the composition root importing a module’s internals',
      'src/composition.ts',
      "import { x } from './modules/pos/totals.js';",
    ],
  ];
  for (const [what, filePath, code] of wrong) {
    it(`fails on ${what}`, async () => {
      const found = await violations(await boundaryLinter(), filePath, code);
      assert.equal(found.length, 1, found.join('\n'));
      assert.match(found[0]!, /^no-restricted-imports: /);
    });
  }

  const right: Array<[string, string, string]> = [
    [
      'a module importing another module’s service.ts, a low layer and its own files',
      'src/modules/pos/service.ts',
      "import { moveStock } from '../inventory/service.js';\nimport { badRequest } from '../../lib/errors.js';\nimport { totals } from './totals.js';",
    ],
    [
      'a nested module file importing a low layer and its own module',
      'src/modules/payments/providers/cardpay.ts',
      "import type { DB } from '../../../db/types.js';\nimport type { ProviderName } from '../types.js';",
    ],
    [
      'the composition root importing a module’s service.ts, routes.ts and jobs.ts',
      'src/composition.ts',
      "import { a } from './modules/pos/service.js';\nimport { b } from './modules/pos/routes.js';\nimport { c } from './modules/auth/jobs.js';",
    ],
    ['a low layer importing another low layer', 'src/mail/outbox.ts', "import { enqueue } from '../jobs/queue.js';"],
    [
      'a test reaching into a module’s internals',
      'src/modules/pos/pos.test.ts',
      "import { x } from '../inventory/stock.js';",
    ],
  ];
  for (const [what, filePath, code] of right) {
    it(`passes ${what}`, async () => {
      assert.deepEqual(await violations(await boundaryLinter(), filePath, code), []);
    });
  }
});
