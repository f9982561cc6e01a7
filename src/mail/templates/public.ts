import { button, escapeHtml as e, layout, paragraph, type Brand } from './layout.js';

export interface ClientMagicLinkData {
  name: string;
  magicUrl: string;
}

/** The booking page's sign-in link for a client: 15 minutes, single use. */
export const clientMagicLink = {
  subject: (_: ClientMagicLinkData, brand: Brand) => `Your sign-in link for ${brand.salonName}`,
  mjml: (data: ClientMagicLinkData, brand: Brand) =>
    layout(
      brand,
      'Sign in to book',
      [
        paragraph(`Hello ${e(data.name)},`),
        paragraph('Use the button below to sign in to our booking page. The link works once, within 15 minutes.'),
        button('Sign in', data.magicUrl),
        paragraph(`Or open this address: ${e(data.magicUrl)}`),
        paragraph('If you did not ask for this, ignore this email.'),
      ].join('\n'),
    ),
  text: (data: ClientMagicLinkData, brand: Brand) =>
    `Hello ${data.name},\n\nSign in to the booking page of ${brand.salonName} with this link ` +
    `(it works once, within 15 minutes):\n\n${data.magicUrl}\n\nIf you did not ask for this, ignore this email.\n`,
};
