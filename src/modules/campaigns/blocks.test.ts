import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderMjml } from '../../mail/render.js';
import { blocksToMjml, blocksToText, checkBlocks, type BlockInput, type StoredBlock } from './blocks.js';

/* Unit tests of the block schema's rules and the blocks → MJML renderer (no database). */

const context = {
  salonName: 'Studio <Test>',
  unsubscribeUrl: 'https://salon.test/unsubscribe?token=1.abc&x=1',
  title: 'Hi',
};

const EVERY_FIELD: BlockInput[] = [
  { type: 'heading', text: 'Big', level: 1, align: 'center' },
  { type: 'heading', text: 'Small', level: 3, align: 'left' },
  { type: 'text', text: 'Line one\nLine two', align: 'right' },
  {
    type: 'image',
    src: 'https://salon.test/p.png',
    alt: 'Pic',
    href: 'https://salon.test',
    width: 300,
    align: 'center',
  },
  { type: 'button', label: 'Mail us', href: 'mailto:hi@salon.test', color: '#112233', align: 'left' },
  { type: 'divider', color: '#abcdef' },
  { type: 'spacer', height: 30 },
  {
    type: 'columns',
    columns: [
      [
        { type: 'heading', text: 'Col 1', level: 2 },
        { type: 'text', text: 'A' },
      ],
      [{ type: 'image', src: 'https://salon.test/q.png' }],
      [{ type: 'button', label: 'Go', href: 'https://salon.test/go' }],
    ],
  },
  { type: 'footer', text: 'Bye' },
];

function stored(blocks: BlockInput[]): StoredBlock[] {
  const checked = checkBlocks(blocks);
  assert.deepEqual(checked.errors, []);
  return checked.blocks;
}

describe('email-builder blocks', () => {
  it('every block type with every field renders to MJML that passes strict validation', async () => {
    const html = await renderMjml(blocksToMjml(stored(EVERY_FIELD), context));
    for (const text of ['Big', 'Small', 'Line one<br/>Line two', 'Pic', 'Mail us', 'Col 1', 'Bye']) {
      assert.ok(html.includes(text), text);
    }
    assert.ok(html.includes('mailto:hi@salon.test'));
    assert.ok(html.includes('#112233'));
  });

  it('user text and attributes are escaped, never read as markup', () => {
    const mjml = blocksToMjml(
      stored([
        { type: 'heading', text: '</mj-text><mj-raw><script>x()</script></mj-raw>' },
        { type: 'image', src: "https://salon.test/a.png?a=1&b='2'", alt: '"><script>' },
        { type: 'button', label: '<b>Go</b>', href: 'https://salon.test/?q=1&r=2' },
      ]),
      context,
    );
    assert.ok(!mjml.includes('<script>'));
    assert.ok(!mjml.includes('<mj-raw>'));
    assert.ok(mjml.includes('&lt;/mj-text&gt;'));
    assert.ok(mjml.includes('alt="&quot;&gt;&lt;script&gt;"'));
    assert.ok(mjml.includes('&lt;b&gt;Go&lt;/b&gt;'));
    assert.ok(mjml.includes('src="https://salon.test/a.png?a=1&amp;b=&#39;2&#39;"'));
    assert.ok(mjml.includes('href="https://salon.test/?q=1&amp;r=2"'));
    assert.ok(mjml.includes('Studio &lt;Test&gt;'), 'salon name escaped');
    assert.ok(mjml.includes('token=1.abc&amp;x=1'), 'link escaped in its attribute');
  });

  it('every email carries the unsubscribe link: a footer is added when the blocks have none', () => {
    const without = blocksToMjml(stored([{ type: 'text', text: 'x' }]), context);
    assert.equal(without.split('Unsubscribe</a>').length - 1, 1);
    const withFooter = blocksToMjml(
      stored([
        { type: 'footer', text: 'F' },
        { type: 'text', text: 'x' },
      ]),
      context,
    );
    assert.equal(withFooter.split('Unsubscribe</a>').length - 1, 1);
    assert.match(blocksToText(stored([{ type: 'text', text: 'x' }]), context), /Unsubscribe: https:\/\/salon\.test/);
  });

  it('the text part lists text, buttons with their links, and the unsubscribe link', () => {
    const text = blocksToText(stored(EVERY_FIELD), context);
    assert.match(text, /^Big\n\nSmall\n\nLine one\nLine two/);
    assert.ok(text.includes('Mail us: mailto:hi@salon.test'));
    assert.ok(text.includes('Go: https://salon.test/go'));
    assert.ok(text.includes('Bye\nUnsubscribe: https://salon.test/unsubscribe?token=1.abc&x=1'));
  });

  it('rules per type: required fields, http(s) images, http(s)/mailto links', () => {
    const fields = (blocks: BlockInput[]) => checkBlocks(blocks).errors.map((e) => e.field);
    assert.deepEqual(fields([{ type: 'heading' }, { type: 'text', text: ' ' }]), ['blocks.0.text', 'blocks.1.text']);
    assert.deepEqual(fields([{ type: 'button' }]), ['blocks.0.href', 'blocks.0.label']);
    assert.deepEqual(fields([{ type: 'button', label: 'x', href: 'javascript:alert(1)' }]), ['blocks.0.href']);
    assert.deepEqual(fields([{ type: 'button', label: 'x', href: 'data:text/html,hi' }]), ['blocks.0.href']);
    assert.deepEqual(fields([{ type: 'image', src: 'mailto:a@b.c' }]), ['blocks.0.src']);
    assert.deepEqual(fields([{ type: 'image', src: 'https://x.test/a.png', href: 'ftp://x' }]), ['blocks.0.href']);
    assert.deepEqual(fields([{ type: 'button', label: 'x', href: 'https://x.test/"onmouseover="x' }]), [
      'blocks.0.href',
    ]);
    assert.deepEqual(fields([{ type: 'columns' }]), ['blocks.0.columns']);
    assert.deepEqual(fields([{ type: 'columns', columns: [[{ type: 'text' }], [{ type: 'divider' }]] }]), [
      'blocks.0.columns.0.0.text',
    ]);
    assert.deepEqual(fields([{ type: 'divider' }, { type: 'spacer' }, { type: 'footer' }]), []);
  });

  it('a stored block keeps only the fields of its type', () => {
    const [heading, spacer] = stored([
      { type: 'heading', text: 'H', src: 'https://x.test', label: 'no', height: 5 },
      { type: 'spacer', text: 'no', height: 5 },
    ]);
    assert.deepEqual(heading, { type: 'heading', text: 'H' });
    assert.deepEqual(spacer, { type: 'spacer', height: 5 });
  });
});
