import { firstName } from './bookings.js';
import { composedTemplate } from './compose.js';

export interface ClientMagicLinkData {
  name: string;
  magicUrl: string;
}

/** The booking page's sign-in link for a client: 15 minutes, single use. */
export const clientMagicLink = composedTemplate<ClientMagicLinkData>((data, mail) => {
  const values = { client_name: data.name, client_first_name: firstName(data.name), salon_name: mail.salonName };
  return {
    subject: mail.t('public.client_magic_link.subject', values),
    body: mail.t('public.client_magic_link.body', values),
    buttons: [{ label: mail.t('public.client_magic_link.action'), url: data.magicUrl }],
    showLinks: true,
  };
});
