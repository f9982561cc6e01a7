import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { violations, webLinter } from './web-lint.js';

/*
 * The lint rule that keeps every page on the API layer (eslint-web.mjs, webApiLayer): mutations
 * only through useApiMutation, which applies the map of invalidations, and no bare fetch outside
 * api/. Run on snippets placed at chosen paths: each wrong use must fail, each right one pass.
 */

describe('pages use the API layer (lint rule)', () => {
  const wrong: Array<[string, string, string]> = [
    [
      "a page calling $api.useMutation (its invalidations would be the page's to remember)",
      'web/src/routes/desk/calendar/panel/Actions.tsx',
      "const m = $api.useMutation('put', '/api/bookings/{id}');",
    ],
    [
      "a ui component importing TanStack's useMutation",
      'web/src/ui/SaveButton.tsx',
      "import { useMutation } from '@tanstack/react-query';",
    ],
    ['a page calling fetch itself', 'web/src/routes/clients/ClientsPage.tsx', "void fetch('/api/clients');"],
  ];
  for (const [name, file, code] of wrong) {
    it(`refuses ${name}`, async () => {
      const found = await violations(await webLinter('webApiLayer'), file, code);
      assert.equal(found.length, 1, `${file}: ${code} → ${found.join('; ')}`);
      assert.match(found[0] ?? '', /useApiMutation|generated client/);
    });
  }

  const right: Array<[string, string, string]> = [
    [
      'a page using useApiMutation',
      'web/src/routes/desk/calendar/panel/Actions.tsx',
      "import { useApiMutation } from '../../../../api/mutation'; const m = useApiMutation('put', '/api/bookings/{id}');",
    ],
    [
      'a page reading with $api.useQuery',
      'web/src/routes/clients/ClientsPage.tsx',
      "$api.useQuery('get', '/api/clients');",
    ],
    [
      'the API layer itself wrapping useMutation',
      'web/src/api/mutation.ts',
      "import { useMutation } from '@tanstack/react-query'; const m = $api.useMutation; void fetch('/x');",
    ],
    [
      "a page taking TanStack's useQueryClient",
      'web/src/routes/book/WhoBooks.tsx',
      "import { useQueryClient } from '@tanstack/react-query';",
    ],
  ];
  for (const [name, file, code] of right) {
    it(`allows ${name}`, async () => {
      assert.deepEqual(await violations(await webLinter('webApiLayer'), file, code), []);
    });
  }
});
