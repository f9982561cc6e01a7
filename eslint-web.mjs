// @ts-check
import { dirname, join, relative, resolve, sep } from 'node:path';

/*
 * The areas of the web front end (docs/web.md, "Layout"):
 *
 * - the shared folders (ui, api, i18n, lib) import no area (routes/) and no shell (app/);
 * - an area (routes/<area>/, with sub-folders at any depth) imports no other area and no shell:
 *   areas share only the shared folders, so a page never drags another area's code into its
 *   bundle;
 * - app/ (the entries and shells) may import anything: it is where areas meet.
 *
 * The rule resolves each relative import (static, re-export or dynamic `import()`) against the
 * importing file's own folder, so a file however deep in its area is held to the same rule as
 * one at its top (`no-restricted-imports` only sees the written path, which changes with depth).
 */

const SHARED = ['ui', 'api', 'i18n', 'lib'];
const WEB_SRC = join('web', 'src');
const why = ' (docs/web.md, "Layout")';

/** Where a file of web/src lies: `{ folder: 'routes', area: 'book' }`, `{ folder: 'ui' }`, or null outside web/src. */
function placeOf(file, cwd) {
  const path = relative(join(cwd, WEB_SRC), file).split(sep);
  if (path[0] === '..' || path.length < 2) return null;
  return { folder: path[0], area: path[0] === 'routes' ? path[1] : undefined };
}

/** What is wrong with `from` importing `to`, or null. */
function wrongImport(from, to) {
  if (!to) return null;
  if (SHARED.includes(from.folder)) {
    return to.folder === 'routes' || to.folder === 'app'
      ? `A shared folder (${SHARED.join(', ')}) imports no area and no shell${why}`
      : null;
  }
  if (from.folder !== 'routes') return null;
  if (to.folder === 'app') return `An area imports no shell (app/)${why}`;
  if (to.folder === 'routes' && to.area !== from.area) {
    return `An area imports no other area; they share only ${SHARED.join(', ')}${why}`;
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const areasRule = {
  meta: {
    type: 'problem',
    docs: { description: 'keeps the web front end’s areas apart, at any depth' },
    schema: [],
  },
  create(context) {
    const from = placeOf(context.filename, context.cwd);
    if (!from) return {};
    /** @param {import('estree').Node & { source?: import('estree').Node | null }} node */
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const target = placeOf(resolve(dirname(context.filename), source.value), context.cwd);
      const problem = wrongImport(from, target);
      if (problem) context.report({ node: source, message: problem });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/** @type {import('eslint').Linter.Config[]} */
export const webAreas = [
  {
    files: [`web/src/**/*.{ts,tsx}`],
    plugins: { 'web-areas': { rules: { 'areas-apart': areasRule } } },
    rules: { 'web-areas/areas-apart': 'error' },
  },
];

/*
 * Mutations go through `useApiMutation` (api/mutation.ts), which applies the map of
 * invalidations (api/invalidations.ts): a page that called `$api.useMutation` or TanStack's
 * `useMutation` itself would leave what its request makes stale to be remembered by hand. And the
 * front end speaks to the service only through the generated client: a bare `fetch` outside
 * api/ would bypass its types, its error reading and its session refresh.
 */
/** @type {import('eslint').Linter.Config[]} */
export const webApiLayer = [
  {
    files: [`web/src/**/*.{ts,tsx}`],
    ignores: ['web/src/api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useMutation'],
              message: 'Use useApiMutation (api/mutation.ts): it applies the map of invalidations (docs/web.md).',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='$api'][property.name='useMutation']",
          message: 'Use useApiMutation (api/mutation.ts): it applies the map of invalidations (docs/web.md).',
        },
        {
          selector: "CallExpression[callee.name='fetch']",
          message: 'Call the service through the generated client (api/client.ts), not fetch (docs/web.md).',
        },
      ],
    },
  },
];
