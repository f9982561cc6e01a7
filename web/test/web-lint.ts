import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';

/*
 * The web front end's own lint rules (eslint-web.mjs), run by their tests on snippets placed at
 * chosen paths, with nothing else of the project's configuration: a test sees only its rule.
 */

const root = join(import.meta.dirname, '../..');

/** A linter with only the named export of eslint-web.mjs (`webAreas`, `webApiLayer`), for TypeScript and JSX. */
export async function webLinter(rules: 'webAreas' | 'webApiLayer'): Promise<ESLint> {
  // Loaded at run time: the configuration is plain JavaScript, outside the TypeScript program.
  const config = (await import(pathToFileURL(join(root, 'eslint-web.mjs')).href)) as Record<string, Linter.Config[]>;
  return new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.{ts,tsx}'],
        languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
      },
      ...(config[rules] ?? []),
    ],
  });
}

/** What the linter says of `code` placed at `filePath`, as `rule: message` lines. */
export async function violations(eslint: ESLint, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}
