import type { Settings } from '../db/types.js';
import { chooseLanguage, normaliseLanguage, type Language } from '../messages/index.js';
import { renderMjml } from './render.js';
import { renderWithSlots } from './render-shared.js';
import { isTemplateName, template, type Brand, type TemplateName } from './templates/index.js';
import { mailContext, type MessageOverrides } from './templates/layout.js';

/** An outbox email as its recipient receives it. */
export interface RenderedEmail {
  html: string;
  text: string;
  /** Extra message headers the template adds (List-Unsubscribe); `{}` when none. */
  headers: Record<string, string>;
  /** The calendar event the email carries (a booking's `.ics`), or null. */
  calendar: { method: string; content: string } | null;
}

export class UnrenderableEmailError extends Error {}

/** The public address of the uploaded logo; the version changes with every upload, so caches never serve an old one. */
export function logoUrlOf(publicBaseUrl: string, logoKey: string): string | null {
  if (!logoKey) return null;
  const version = /\/([a-f0-9]{8})/.exec(logoKey)?.[1] ?? '0';
  return `${publicBaseUrl}/api/settings/logo?v=${version}`;
}

type BrandSettings = Pick<
  Settings,
  | 'salon_name'
  | 'salon_address'
  | 'salon_postcode'
  | 'salon_city'
  | 'salon_phone'
  | 'logo_key'
  | 'logo_content_type'
  | 'logo_width'
  | 'logo_height'
  | 'brand_color'
  | 'language'
  | 'time_format'
  | 'currency'
>;

/**
 * The salon's look of every email, from the settings. `publicBaseUrl` makes the logo's
 * address absolute; null where no logo is shown (a subject line).
 */
export function brandOf(settings: BrandSettings, publicBaseUrl: string | null): Brand {
  return {
    salonName: settings.salon_name || 'Salon',
    // Gmail and Outlook show no SVG image: an SVG logo's email shows the salon's name instead.
    logoUrl:
      publicBaseUrl === null || settings.logo_content_type === 'image/svg+xml'
        ? null
        : logoUrlOf(publicBaseUrl, settings.logo_key),
    logoSize: { width: settings.logo_width, height: settings.logo_height },
    brandColor: settings.brand_color,
    address: settings.salon_address,
    postcode: settings.salon_postcode,
    city: settings.salon_city,
    phone: settings.salon_phone,
    language: normaliseLanguage(settings.language),
    timeFormat: settings.time_format,
    currency: settings.currency,
  };
}

/**
 * Renders an outbox row from its stored template name, JSON data and language: the one
 * rendering both the `mail.send` job and the outbox preview use, so the preview is what was
 * (or will be) sent. A row without a language (queued before languages) is in the salon's.
 */
export async function renderEmail(
  email: { template: string; data: string | null; language?: string | null },
  brand: Brand,
  overrides?: MessageOverrides,
): Promise<RenderedEmail> {
  if (!isTemplateName(email.template) || email.data === null) {
    throw new UnrenderableEmailError(`no renderable template "${email.template}"`);
  }
  const data = JSON.parse(email.data) as never;
  const chosen = template(email.template);
  const mail = mailContext(brand, chooseLanguage(email.language, brand.language), overrides);
  return {
    html: chosen.mjmlWithSlots
      ? await renderWithSlots((slot) => chosen.mjmlWithSlots!(data, mail, slot))
      : await renderMjml(chosen.mjml(data, mail)),
    text: chosen.text(data, mail),
    headers: chosen.headers?.(data) ?? {},
    calendar: chosen.calendar?.(data) ?? null,
  };
}

/**
 * An email as it would go out, from template data not (yet) in the outbox, with its subject:
 * the preview of a salon's draft text. `overrides` holds the texts to use over the catalogue's.
 */
export async function renderDraft(
  templateName: string,
  data: unknown,
  language: Language,
  brand: Brand,
  overrides: MessageOverrides,
): Promise<{ subject: string; html: string; text: string }> {
  const json = JSON.stringify(data);
  const rendered = await renderEmail({ template: templateName, data: json, language }, brand, overrides);
  const subject = template(templateName as TemplateName).subject(
    JSON.parse(json) as never,
    mailContext(brand, language, overrides),
  );
  return { subject, html: rendered.html, text: rendered.text };
}
