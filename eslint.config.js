// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { moduleBoundaries } from './eslint-boundaries.mjs';
import { webApiLayer, webAreas } from './eslint-web.mjs';

// node:test's test()/describe() return promises that the runner itself awaits; everything
// else that returns a promise (app.inject, a service call, t.test subtests) must be awaited.
const nodeTestCalls = ['test', 'it', 'describe', 'suite'].flatMap((name) => [
  name,
  `${name}.skip`,
  `${name}.only`,
  `${name}.todo`,
]);

// The few Node globals the plain-JS files (scripts/*.mjs, this file) use. TypeScript files
// get theirs from @types/node, and typescript-eslint turns no-undef off for them.
const nodeGlobals = Object.fromEntries(
  [
    'process',
    'console',
    'Buffer',
    'URL',
    'URLSearchParams',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'fetch',
    'AbortController',
    'structuredClone',
  ].map((name) => [name, /** @type {const} */ ('readonly')]),
);

export default tseslint.config(
  // The web build and the API types generated from the OpenAPI document (checked by a test instead).
  { ignores: ['node_modules/', 'data/', 'coverage/', 'dist/', 'web/dist/', 'web/src/api/schema.gen.ts'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  js.configs.recommended,
  // Type-aware: catches floating promises, promises passed where a callback's result is
  // ignored, and unsafe `any` flowing out of JSON.parse and friends.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // Fastify plugins and handlers are async by convention (Fastify awaits what they
      // return), whether or not they await anything themselves.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: nodeTestCalls }] },
      ],
    },
  },

  // Layers and module boundaries: see eslint-boundaries.mjs.
  ...moduleBoundaries,

  // The web front end: React's rules of hooks, and its areas kept apart (eslint-web.mjs).
  { files: ['web/src/**/*.{ts,tsx}'], ...reactHooks.configs.flat['recommended-latest'] },
  ...webAreas,
  ...webApiLayer,

  // Tests read JSON response bodies loosely (test/helpers: `body: any`).
  {
    files: ['test/**/*.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },

  // Plain JavaScript is not part of the TypeScript program: lint it without type information.
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      sourceType: 'module',
      globals: nodeGlobals,
    },
  },
  // The embed snippet (web/public/embed.js) runs in other sites' pages, as a classic script.
  {
    files: ['web/public/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: Object.fromEntries(
        ['window', 'document', 'URL', 'CustomEvent', 'HTMLIFrameElement', 'HTMLAnchorElement'].map((name) => [
          name,
          /** @type {const} */ ('readonly'),
        ]),
      ),
    },
  },
  // The office's service worker (web/public/sw.js): a classic script in a worker's global scope.
  {
    files: ['web/public/sw.js'],
    languageOptions: {
      sourceType: 'script',
      globals: Object.fromEntries(
        ['self', 'caches', 'fetch', 'URL', 'Response', 'Request', 'Set', 'Promise'].map((name) => [
          name,
          /** @type {const} */ ('readonly'),
        ]),
      ),
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { ...nodeGlobals, require: 'readonly', module: 'writable', exports: 'writable', __dirname: 'readonly' },
    },
  },
);
