import { contextOf, type Brand, type MailContext } from '../../mail/templates/layout.js';
import { registerTemplate } from '../../mail/templates/index.js';
import type { Slot } from '../../mail/render-shared.js';
import { blocksToMjml, blocksToText, fillMergeTags, type MergeValues, type StoredBlock } from './blocks.js';

/**
 * A campaign or follow-up email: the blocks the salon built, with the recipient's own
 * unsubscribe link in the footer. The outbox keeps this data only until the email is sent
 * (it is marked sensitive: the link unsubscribes its holder).
 */
export interface CampaignEmailData {
  subject: string;
  blocks: StoredBlock[];
  unsubscribeUrl: string;
  /** RFC 8058 one-click address (emails queued before it existed have none). */
  oneClickUnsubscribeUrl?: string;
  /** The recipient, for the merge tags (emails queued before merge tags have none). */
  recipient?: { name: string };
}

/**
 * The merge tag values of one recipient's email. A name is one line: its white space is
 * collapsed, so it reads the same in a heading, a button and an image's alternative text.
 */
function mergeValues(data: CampaignEmailData, salonName: string, slot: Slot = same): MergeValues {
  const name = (data.recipient?.name ?? '').replace(/\s+/g, ' ').trim();
  return {
    salon_name: salonName,
    ...(data.recipient ? { client_name: slot(name), client_first_name: slot(name.split(' ')[0] ?? name) } : {}),
  };
}

const same: Slot = (value) => value;

/** The chrome around the salon's blocks: its name, address and phone, the unsubscribe link in the email's language. */
const context = (data: CampaignEmailData, brand: Brand | MailContext, slot: Slot = same) => {
  const mail = contextOf(brand);
  const place = [mail.postcode, mail.city].filter(Boolean).join(' ');
  const address = [mail.address, place].filter(Boolean).join(', ');
  return {
    salonName: mail.salonName,
    footerLines: [address, mail.phone ? mail.t('layout.phone', { phone: mail.phone }) : ''].filter(Boolean),
    unsubscribeUrl: slot(data.unsubscribeUrl),
    unsubscribeLabel: mail.t('campaign.unsubscribe'),
    // MJML trims the title: a slot at its end would keep the space before an empty name that
    // MJML drops from the recipient's own render, so the slotted title is one slot, trimmed.
    title: slot === same ? data.subject : slot(fillMergeTags(data.subject, mergeValues(data, mail.salonName)).trim()),
    values: mergeValues(data, mail.salonName, slot),
  };
};

export const campaignEmail = {
  subject: (data: CampaignEmailData, brand: Brand | MailContext) =>
    fillMergeTags(data.subject, mergeValues(data, brand.salonName)),
  mjml: (data: CampaignEmailData, brand: Brand) => blocksToMjml(data.blocks, context(data, brand)),
  // The recipient's name and unsubscribe link are the only values of their own: the campaign
  // is rendered once, not once per recipient.
  mjmlWithSlots: (data: CampaignEmailData, brand: Brand, slot: Slot) =>
    blocksToMjml(data.blocks, context(data, brand, slot)),
  text: (data: CampaignEmailData, brand: Brand) => blocksToText(data.blocks, context(data, brand)),
  // Mail clients show their own "unsubscribe" button for these, and large mailbox providers
  // require one-click unsubscribe of bulk senders (RFC 2369, RFC 8058).
  headers: (data: CampaignEmailData): Record<string, string> =>
    data.oneClickUnsubscribeUrl
      ? {
          'List-Unsubscribe': `<${data.oneClickUnsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        }
      : { 'List-Unsubscribe': `<${data.unsubscribeUrl}>` },
};

declare module '../../mail/templates/index.js' {
  interface RegisteredTemplates {
    'campaign.email': CampaignEmailData;
  }
}

/** Makes `campaign.email` known to the outbox and the mail.send job (called by the composition root). */
export function registerCampaignEmailTemplate(): void {
  registerTemplate('campaign.email', campaignEmail);
}
