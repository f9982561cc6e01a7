import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';

/*
 * A module's service.ts is its door and nothing else (docs/architecture.md, "Layers and module
 * boundaries"): re-export statements (`export { x } from './y.js'`, `export type { … } from …`)
 * and comments. No declaration, no import, no export of a local name: the code lives in the
 * module's files named by subject, and the door only says which of their names other modules
 * may use. Read with the TypeScript parser, so a comment that looks like code is still a
 * comment and a statement spread over lines is still one statement.
 */

const root = join(import.meta.dirname, '..');
const modulesDir = join(root, 'src', 'modules');

/** What in one door's text is not a re-export: one line per statement, with its line number. */
function notReExports(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  return source.statements
    .filter((statement) => !(ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined))
    .map((statement) => {
      const line = source.getLineAndCharacterOfPosition(statement.getStart(source)).line + 1;
      const firstLine = statement.getText(source).split('\n')[0] ?? '';
      return `${fileName}:${line}: ${firstLine}`;
    });
}

function doors(): string[] {
  return readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(modulesDir, entry.name, 'service.ts')))
    .map((entry) => join('src', 'modules', entry.name, 'service.ts'));
}

describe('module doors', () => {
  it("every module's service.ts holds only re-exports and comments", () => {
    const files = doors();
    assert.ok(files.length >= 20, `found the modules' doors (${files.length})`);
    const found = files.flatMap((file) => notReExports(file, readFileSync(join(root, file), 'utf8')));
    assert.deepEqual(found, [], `a door holds more than re-exports:\n${found.join('\n')}`);
  });

  it('a door holding a declaration, an import or an export of a local name is found; re-exports and comments pass', () => {
    const door = [
      '/* What the module shows. */',
      "export { a, type B } from './a.js';",
      "export type { C } from './c.js';",
      "export * from './d.js';",
      '// export function commented() {}',
    ].join('\n');
    assert.deepEqual(notReExports('door.ts', door), []);

    const fat = [
      "import { a } from './a.js';",
      "export { b } from './b.js';",
      'const limit = 5;',
      'export function f() {',
      '  return a + limit;',
      '}',
      'export { limit };',
      'export type Shape = { n: number };',
      'export default f;',
    ].join('\n');
    assert.deepEqual(notReExports('fat.ts', fat), [
      "fat.ts:1: import { a } from './a.js';",
      'fat.ts:3: const limit = 5;',
      'fat.ts:4: export function f() {',
      'fat.ts:7: export { limit };',
      'fat.ts:8: export type Shape = { n: number };',
      'fat.ts:9: export default f;',
    ]);
  });
});
