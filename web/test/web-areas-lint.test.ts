import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { violations, webLinter } from './web-lint.js';

/*
 * The lint rule that keeps the web front end's areas apart (eslint-web.mjs), run on snippets
 * placed at chosen paths, at every depth of an area: each wrong import must fail and each right
 * one pass. `npm run lint` runs the same rule over the tree.
 */

describe('web areas kept apart (lint rule)', () => {
  const wrong: Array<[string, string, string]> = [
    ['an area importing another', 'web/src/routes/book/Done.tsx', "import { x } from '../account/flash';"],
    [
      'a file two folders deep importing another area',
      'web/src/routes/desk/calendar/DayView.tsx',
      "import { x } from '../../book/choices';",
    ],
    [
      'a file four folders deep importing another area',
      'web/src/routes/desk/calendar/day/lanes/Lane.tsx',
      "import { x } from '../../../../pos/till/cart';",
    ],
    [
      'a deep file importing another area’s sub-folder by a dynamic import',
      'web/src/routes/manage/reports/charts/Chart.tsx',
      "const page = () => import('../../../desk/calendar/DayView');",
    ],
    [
      'a deep file re-exporting another area',
      'web/src/routes/pos/till/receipt/Receipt.tsx',
      "export { x } from '../../../book/choices';",
    ],
    [
      'an area importing a shell',
      'web/src/routes/desk/calendar/day/Day.tsx',
      "import { x } from '../../../../app/look';",
    ],
    [
      'a shared folder importing an area',
      'web/src/ui/table/Table.tsx',
      "import { x } from '../../routes/book/choices';",
    ],
    ['a shared folder importing a shell', 'web/src/lib/look.ts', "import { x } from '../app/providers';"],
  ];
  for (const [what, filePath, code] of wrong) {
    it(`fails on ${what}`, async () => {
      const found = await violations(await webLinter('webAreas'), filePath, code);
      assert.equal(found.length, 1, found.join('\n'));
      assert.match(found[0]!, /^web-areas\/areas-apart: /);
    });
  }

  const right: Array<[string, string, string]> = [
    [
      'a deep file importing its own area',
      'web/src/routes/desk/calendar/day/lanes/Lane.tsx',
      "import { x } from '../../../schedule';",
    ],
    [
      'a deep file importing a shared folder',
      'web/src/routes/desk/calendar/day/Day.tsx',
      "import { x } from '../../../../ui/Button';",
    ],
    [
      'a shell importing areas',
      'web/src/app/OfficeApp.tsx',
      "const page = () => import('../routes/desk/calendar/DayView');",
    ],
    ['a package import', 'web/src/routes/desk/calendar/DayView.tsx', "import { useState } from 'react';"],
  ];
  for (const [what, filePath, code] of right) {
    it(`passes ${what}`, async () => {
      assert.deepEqual(await violations(await webLinter('webAreas'), filePath, code), []);
    });
  }
});
