// @ts-check
/*
 * The areas of the web front end (docs/web.md, "Layout"), enforced by `no-restricted-imports`:
 *
 * - the shared folders (ui, api, i18n, lib) import no area (routes/) and no shell (app/);
 * - an area (routes/<area>/) imports no other area and no shell: areas share only the shared
 *   folders, so a page never drags another area's code into its bundle;
 * - app/ (the entries and shells) may import anything: it is where areas meet.
 *
 * Import paths are relative: from web/src/routes/book/x.tsx another area is `../account/…`,
 * from web/src/routes/book/steps/x.tsx it is `../../account/…`.
 */

const SHARED = ['ui', 'api', 'i18n', 'lib'];
const message = (rule) => `${rule} (docs/web.md, "Layout")`;
const exts = '{ts,tsx}';

const sharedIsShared = {
  regex: '(^|/)(routes|app)/',
  message: message('A shared folder (ui, api, i18n, lib) imports no area and no shell'),
};
const notTheShell = { regex: '(^|/)app/', message: message('An area imports no shell (app/)') };
const area = (up) => ({
  // Up to routes/ and down into a folder that is not a shared one: another area.
  regex: `^${'\\.\\./'.repeat(up)}(?!\\.\\./)(?!(${SHARED.join('|')})/)[^/]+/`,
  message: message('An area imports no other area; they share only ui, api, i18n and lib'),
});

/** @type {import('eslint').Linter.Config[]} */
export const webAreas = [
  {
    files: SHARED.map((folder) => `web/src/${folder}/**/*.${exts}`),
    rules: { 'no-restricted-imports': ['error', { patterns: [sharedIsShared] }] },
  },
  {
    files: [`web/src/routes/*/*.${exts}`],
    rules: { 'no-restricted-imports': ['error', { patterns: [notTheShell, area(1)] }] },
  },
  {
    files: [`web/src/routes/*/*/*.${exts}`],
    rules: { 'no-restricted-imports': ['error', { patterns: [notTheShell, area(2)] }] },
  },
];
