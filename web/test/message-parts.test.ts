import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { HTML_ONLY_MESSAGES } from '../build/book-languages.js';
import { filesOfPart, keysOfParts, MESSAGE_PARTS, type MessagePart } from '../build/message-parts.js';

/*
 * The message catalogues' parts (web/build/message-parts.ts): each page fetches its shell's part
 * and the parts of the areas it opens, so each part must hold every key its code names, and
 * nothing of another area.
 */

const sourceRoot = fileURLToPath(new URL('../src/', import.meta.url));
const english = JSON.parse(readFileSync(new URL('i18n/catalogues/en.json', `file://${sourceRoot}`), 'utf8')) as Record<
  string,
  string
>;
const keys = Object.keys(english);
const parts = keysOfParts(sourceRoot, keys);
const partNames = Object.keys(MESSAGE_PARTS) as MessagePart[];

describe('web message parts', () => {
  it('the booking page’s shell part holds the booking page’s and the shell’s keys, no other area’s', () => {
    const shell = parts['shell-public'];
    for (const key of ['book.title', 'book.services.title', 'book.submit.book', 'app.loading', 'app.language.nl']) {
      assert.ok(shell.includes(key), `shell-public lacks ${key}`);
    }
    assert.deepEqual(
      shell.filter((key) => /^(office|payment|links|review|unsubscribe)\./.test(key)),
      [],
    );
  });

  it('an area’s part holds its own keys and leaves out what its shell’s part holds', () => {
    assert.ok(parts.account.includes('account.profile.title'));
    assert.ok(parts.payment.includes('payment.checking.title'));
    assert.ok(parts.links.includes('review.title'));
    assert.ok(parts.office.includes('office.login.title'));
    assert.ok(!parts.account.includes('payment.checking.title'));
    for (const area of ['account', 'links', 'payment'] as const) {
      assert.deepEqual(
        parts[area].filter((key) => parts['shell-public'].includes(key)),
        [],
      );
    }
  });

  it('the back office’s shell part carries none of the public pages’ messages', () => {
    assert.ok(parts['shell-office'].includes('office.title'));
    assert.deepEqual(
      parts['shell-office'].filter((key) => /^(book|account|payment|links)\./.test(key)),
      [],
    );
  });

  it('every key the code names is in some part', () => {
    const inParts = new Set(partNames.flatMap((part) => parts[part]));
    const code = [...new Set(partNames.flatMap((part) => filesOfPart(sourceRoot, part)))]
      .map((file) => readFileSync(`${sourceRoot}${file}`, 'utf8'))
      .join('\n');
    const named = keys.filter((key) => code.includes(`'${key}'`));
    assert.ok(named.length > 250, `${named.length} keys named`);
    assert.deepEqual(
      named.filter((key) => !inParts.has(key)),
      [],
    );
  });

  it('every key of the catalogue is in some part: a message no page names is only weight to fetch and translate', () => {
    const inParts = new Set(partNames.flatMap((part) => parts[part]));
    // The booking page's HTML names its own (its description), written by the build in each language.
    const inHtml = new Set<string>(HTML_ONLY_MESSAGES);
    assert.deepEqual(
      keys.filter((key) => !inParts.has(key) && !inHtml.has(key)),
      [],
    );
  });

  it('a shell does not import its areas statically: their parts would load with it', () => {
    for (const part of partNames) {
      const shell = (MESSAGE_PARTS[part] as { shell?: MessagePart }).shell;
      if (shell === undefined) continue;
      const shellFiles = filesOfPart(sourceRoot, shell);
      for (const root of MESSAGE_PARTS[part].roots) assert.ok(!shellFiles.includes(root), `${shell} reaches ${root}`);
    }
  });

  it('the app’s declaration of the parts (env.d.ts) names the same parts', () => {
    const declaration = readFileSync(`${sourceRoot}env.d.ts`, 'utf8');
    const declared = /type Parts =\s*([^;]+);/
      .exec(declaration)?.[1]
      ?.match(/'[^']+'/g)
      ?.map((name) => name.slice(1, -1));
    assert.deepEqual(declared?.sort(), [...partNames].sort());
  });
});
