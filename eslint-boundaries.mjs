// @ts-check
/*
 * The layering of src/, enforced by `no-restricted-imports` (docs/architecture.md, "Layers and
 * module boundaries"):
 *
 * - the low layers (backup, db, http, lib, jobs, mail, messages, push, sms, storage) import nothing from modules/:
 *   what they need of a feature reaches them through the context or a registration made in
 *   the composition root (src/composition.ts);
 * - a module uses another module only through that module's service.ts;
 * - the files beside app.ts (app, composition root, entry points) use a module only through
 *   its service.ts, its routes.ts (the HTTP plugin) or its jobs.ts (its job handlers).
 *
 * Import paths are relative, so each depth of src/modules gets its own pattern: from
 * src/modules/a/x.ts another module is `../b/…`, from src/modules/a/sub/x.ts it is `../../b/…`.
 * Tests may reach into internals (they check them), so *.test.ts files are exempt.
 */

const LOW_LAYERS = ['backup', 'db', 'http', 'lib', 'jobs', 'mail', 'messages', 'push', 'sms', 'storage'];

const message = (rule) => `${rule} (docs/architecture.md, "Layers and module boundaries")`;

/** @type {import('eslint').Linter.Config[]} */
export const moduleBoundaries = [
  {
    files: LOW_LAYERS.map((layer) => `src/${layer}/**/*.ts`),
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)modules/',
              message: message(
                'A low layer imports nothing from modules/; register what it needs in src/composition.ts',
              ),
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/modules/*/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^./][^/]*/(?!service\\.js$)',
              message: message("A module uses another module only through that module's service.ts"),
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/modules/*/*/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./\\.\\./[^./][^/]*/(?!service\\.js$)',
              message: message("A module uses another module only through that module's service.ts"),
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\./modules/[^/]+/(?!(service|routes|jobs)\\.js$)',
              message: message(
                'Outside the modules, a module is used only through its service.ts, routes.ts or jobs.ts',
              ),
            },
          ],
        },
      ],
    },
  },
];
