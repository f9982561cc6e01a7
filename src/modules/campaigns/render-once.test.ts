import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderEmail } from '../../mail/render-email.js';
import { renderMjml } from '../../mail/render.js';
import { sharedDocumentsRendered } from '../../mail/render-shared.js';
import { mailContext, type Brand } from '../../mail/templates/layout.js';
import { checkBlocks, type BlockInput } from './blocks.js';
import { campaignEmail, registerCampaignEmailTemplate, type CampaignEmailData } from './email-template.js';

/* A campaign is rendered with MJML once and filled per recipient (no database). */

registerCampaignEmailTemplate();

const brand: Brand = {
  salonName: 'Studio <Noord> & Zn',
  logoUrl: null,
  address: 'Kerkstraat 1',
  postcode: '1017 GA',
  city: 'Amsterdam',
  phone: '+31 20 123 4567',
  language: 'en',
  timeFormat: '24h',
  currency: 'EUR',
};

/** Every block type, with merge tags wherever a block takes text. */
const BLOCKS: BlockInput[] = [
  { type: 'heading', text: 'Hello {client_first_name}!', level: 1, align: 'center' },
  { type: 'text', text: 'Dear {client_name},\nspring at {salon_name}.' },
  { type: 'image', src: 'https://salon.test/p.png', alt: 'For {client_first_name}', href: 'https://salon.test' },
  { type: 'button', label: 'Book, {client_first_name}', href: 'https://salon.test/book?a=1&b=2' },
  { type: 'divider', color: '#abcdef' },
  { type: 'spacer', height: 30 },
  {
    type: 'columns',
    columns: [
      [{ type: 'text', text: 'Left {client_name}' }],
      [{ type: 'button', label: 'Right', href: 'https://salon.test/go' }],
    ],
  },
  { type: 'footer', text: 'Bye {client_first_name}' },
];

function campaignData(name: string, token: string, extra: BlockInput[] = []): CampaignEmailData {
  const checked = checkBlocks([...BLOCKS, ...extra]);
  assert.deepEqual(checked.errors, []);
  return {
    subject: 'News for {client_first_name}',
    blocks: checked.blocks,
    unsubscribeUrl: `https://salon.test/unsubscribe?token=${token}&lang=en`,
    oneClickUnsubscribeUrl: `https://salon.test/api/public/unsubscribe?token=${token}`,
    recipient: { name },
  };
}

const NAMES = [
  'Ann de Vries',
  `O'Brien & <Søren> "Jr"`,
  '  Mia   van\n der Berg ',
  'Émile',
  '{client_name}',
  '',
  'Zoë 😀 $& $1',
];

describe('campaign emails rendered once per campaign', () => {
  it("each recipient's email is byte for byte what rendering its own document gives", async () => {
    for (const language of ['en', 'nl'] as const) {
      for (const [index, name] of NAMES.entries()) {
        const data = campaignData(name, `${index}.tok'<&>"`);
        const own = await renderMjml(campaignEmail.mjml(data, mailContext(brand, language)));
        const shared = await renderEmail({ template: 'campaign.email', data: JSON.stringify(data), language }, brand);
        const at = [...own].findIndex((char, i) => shared.html[i] !== char);
        assert.equal(
          shared.html,
          own,
          `${language}, recipient ${JSON.stringify(name)}: differs at ${JSON.stringify(own.slice(at - 60, at + 60))}`,
        );
      }
    }
  });

  it('a campaign to many recipients is rendered with MJML once', async () => {
    const before = sharedDocumentsRendered();
    const htmls = new Set<string>();
    // A campaign of its own: no other test has rendered this document.
    const own: BlockInput[] = [{ type: 'text', text: 'Only in this campaign' }];
    for (let index = 0; index < 40; index += 1) {
      const data = campaignData(`Client ${index}`, `t${index}`, own);
      const email = await renderEmail(
        { template: 'campaign.email', data: JSON.stringify(data), language: 'en' },
        brand,
      );
      assert.match(email.html, new RegExp(`Dear Client ${index},`));
      assert.match(email.html, new RegExp(`token=t${index}&amp;lang=en`));
      htmls.add(email.html);
    }
    assert.equal(htmls.size, 40, 'each email has its own name and link');
    assert.equal(sharedDocumentsRendered() - before, 1);
  });

  it("the recipient's values are escaped, never read as markup", async () => {
    const data = campaignData('<img src=x onerror=alert(1)>', 'x');
    const email = await renderEmail({ template: 'campaign.email', data: JSON.stringify(data), language: 'en' }, brand);
    assert.doesNotMatch(email.html, /<img src=x/);
    assert.match(email.html, /Dear &lt;img src=x onerror=alert\(1\)&gt;,/);
  });
});
