import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DependencyTree } from 'madge';
import { circlesOf, describeCircle, fileGraph, groupGraph, moduleOf } from './helpers/import-graph.js';

// test-weight: 50 (for the test runner's groups: madge reads the whole tree)

/*
 * No import circles (docs/architecture.md, "No circles"): no file imports itself through
 * others, and no module of src/modules imports itself through other modules, in the service;
 * no file of the web app imports itself through others either. Reading src/ takes madge some
 * 6–10 s of CPU on this machine, the web app about 1.5 s.
 */

let service: Promise<DependencyTree> | undefined;
const serviceFiles = () => (service ??= fileGraph('src', ['ts'], 'tsconfig.json'));

function assertNoCircle(what: string, circles: string[][], describe: (circle: string[]) => string): void {
  const report = circles.map((circle) => describe(circle)).join('\n');
  assert.equal(circles.length, 0, `${circles.length} import circle(s) ${what}:\n${report}`);
}

describe('import circles', () => {
  it('no file of src/ imports itself through other files', async () => {
    const files = await serviceFiles();
    assert.ok(Object.keys(files).length > 300, 'madge read the service’s files');
    assertNoCircle('between the files of src/', await circlesOf(files), (circle) => describeCircle(circle));
  });

  it('no module of src/modules imports itself through other modules', async () => {
    const files = await serviceFiles();
    const modules = groupGraph(files, moduleOf);
    assert.ok(Object.keys(modules).includes('modules/bookings'));
    assertNoCircle('between the modules of src/modules', await circlesOf(modules), (circle) =>
      describeCircle(circle, files, moduleOf),
    );
  });

  it('no file of web/src imports itself through other files', async () => {
    const files = await fileGraph('web/src', ['ts', 'tsx', 'js'], 'web/src/tsconfig.json');
    assert.ok(Object.keys(files).length > 50, 'madge read the web app’s files');
    assertNoCircle('between the files of web/src', await circlesOf(files), (circle) => describeCircle(circle));
  });

  it('modules whose files form no circle are found in one when the modules do', async () => {
    // a/x → b/y → a/z: no file reaches itself, but module a reaches itself through b.
    const files: DependencyTree = {
      'modules/a/x.ts': ['modules/b/y.ts'],
      'modules/b/y.ts': ['modules/a/z.ts'],
      'modules/a/z.ts': ['db/types.ts'],
      'db/types.ts': [],
    };
    assert.deepEqual(await circlesOf(files), []);
    const circles = await circlesOf(groupGraph(files, moduleOf));
    assert.deepEqual(circles, [['modules/a', 'modules/b']]);
    assert.equal(
      describeCircle(circles[0] as string[], files, moduleOf),
      [
        'modules/a → modules/b → modules/a',
        '  modules/a → modules/b (modules/a/x.ts imports modules/b/y.ts)',
        '  modules/b → modules/a (modules/b/y.ts imports modules/a/z.ts)',
      ].join('\n'),
    );
  });
});
