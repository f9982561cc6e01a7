import escapeHtml from 'escape-html';
import {
  formatMessage,
  formatText,
  localeFormat,
  type Language,
  type LocaleFormat,
  type MessageKey,
  type MessageValues,
} from '../../messages/index.js';

/** The salon as every email shows it, from the settings. */
export interface Brand {
  salonName: string;
  /** Absolute URL of the uploaded logo, or null when none is uploaded (or none an email can show). */
  logoUrl: string | null;
  /** The logo's size in pixels, when known: the email fits it into a box a phone shows whole. */
  logoSize?: { width: number; height: number } | undefined;
  /** The salon's brand colour (`#rrggbb`, the `brand_color` setting): the buttons wear it. */
  brandColor?: string | undefined;
  address: string;
  postcode: string;
  city: string;
  phone: string;
  /** The salon's own language (normalised): staff emails, and clients of unknown language. */
  language: Language;
  timeFormat: string;
  currency: string;
}

/**
 * What a template renders with: the brand, the language of this email, its texts and the
 * locale formatting. `texts` holds the salon's own versions of editable messages, which win
 * over the catalogue's.
 */
export interface MailContext extends Brand {
  format: LocaleFormat;
  t(key: MessageKey, values?: MessageValues): string;
}

export type MessageOverrides = ReadonlyMap<string, string>;

export function mailContext(brand: Brand, language: Language, overrides?: MessageOverrides): MailContext {
  return {
    ...brand,
    language,
    format: localeFormat(language, brand),
    t: (key, values) => {
      const own = overrides?.get(key);
      if (own !== undefined) {
        try {
          return formatText(own, language, values);
        } catch {
          // Checked when saved; should a saved text still not render (a value it never saw),
          // the catalogue's text is sent rather than no email at all.
        }
      }
      return formatMessage(language, key, values);
    },
  };
}

/** A context for a template called with a bare Brand: the salon's own language. */
export function contextOf(brand: Brand | MailContext): MailContext {
  return 't' in brand ? brand : mailContext(brand, brand.language);
}

export { escapeHtml };

const e = escapeHtml;

/** The address lines of the footer: street, postcode and city, phone (each only when set). */
function addressLines(mail: MailContext): string[] {
  const place = [mail.postcode, mail.city].filter(Boolean).join(' ');
  const lines = [[mail.address, place].filter(Boolean).join(', ')];
  if (mail.phone) lines.push(mail.t('layout.phone', { phone: mail.phone }));
  return lines.filter(Boolean);
}

/** The buttons' colour when no valid brand colour is given. */
export const DEFAULT_BUTTON_COLOR = '#7a2e54';

/**
 * The button's colours: the salon's brand colour as its background and, so the label stays
 * readable on a light brand colour, dark text on a light background and white on a dark one
 * (relative luminance, the measure contrast checks use, with 0.179 as the point where black
 * and white text contrast equally).
 */
export function buttonColors(brandColor: string | undefined): { background: string; text: string } {
  const background = brandColor && /^#[0-9a-f]{6}$/i.test(brandColor) ? brandColor.toLowerCase() : DEFAULT_BUTTON_COLOR;
  const channel = (i: number) => {
    const c = parseInt(background.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return { background, text: luminance > 0.179 ? '#1f2328' : '#ffffff' };
}

/** The widest and tallest a logo is shown in an email: whole on a 320-pixel phone screen, beside no other header. */
export const LOGO_BOX = { width: 200, height: 72 };

/**
 * The logo's width and height attributes: scaled down (never up, which blurs it) to fit
 * LOGO_BOX with its proportions kept. Mail clients honour these attributes, not CSS limits,
 * so a tall logo would otherwise fill a phone's first screen. Of a logo whose size is unknown
 * only the width is set, as before sizes were kept.
 */
export function logoBox(size: { width: number; height: number } | undefined): string {
  if (!size || size.width <= 0 || size.height <= 0) return 'width="160px"';
  const scale = Math.min(1, LOGO_BOX.width / size.width, LOGO_BOX.height / size.height);
  const width = Math.max(1, Math.round(size.width * scale));
  const height = Math.max(1, Math.round(size.height * scale));
  return `width="${width}px" height="${height}px"`;
}

/** The frame every transactional email shares. `content` is MJML inside <mj-column>. */
export function layout(brand: Brand | MailContext, title: string, content: string): string {
  const mail = contextOf(brand);
  const salon = e(mail.salonName);
  const header = mail.logoUrl
    ? `<mj-image src="${e(mail.logoUrl)}" alt="${salon}" ${logoBox(mail.logoSize)} align="center" />`
    : `<mj-text font-size="20px" font-weight="bold" align="center">${salon}</mj-text>`;
  const colors = buttonColors(mail.brandColor);
  const footer = [`<strong>${salon}</strong>`, ...addressLines(mail).map(e)].join('<br/>');
  return `<mjml>
  <mj-head>
    <mj-title>${e(title)}</mj-title>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="22px" color="#1f2328" />
      <mj-button background-color="${colors.background}" color="${colors.text}" font-size="15px" border-radius="6px" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f4f4f6">
    <mj-section padding="24px 0 8px">
      <mj-column>${header}</mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" border-radius="8px" padding="24px">
      <mj-column>
${content}
      </mj-column>
    </mj-section>
    <mj-section padding="8px 0 24px">
      <mj-column><mj-text font-size="12px" color="#6b7280" align="center">${footer}</mj-text></mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

/** The footer of the plain-text part: the salon's name, address and phone. */
export function textFooter(brand: Brand | MailContext): string {
  const mail = contextOf(brand);
  return `\n--\n${[mail.salonName, ...addressLines(mail)].join('\n')}\n`;
}

export function paragraph(html: string): string {
  return `        <mj-text>${html}</mj-text>`;
}

/**
 * A plain-text body (blank line between paragraphs, single breaks kept) as escaped MJML
 * paragraphs: a salon's own text can never inject markup.
 */
export function textParagraphs(text: string): string {
  return paragraphsOf(text)
    .map((part) => paragraph(e(part).replace(/\n/g, '<br/>')))
    .join('\n');
}

export function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

export function button(label: string, href: string): string {
  return `        <mj-button href="${escapeHtml(href)}">${escapeHtml(label)}</mj-button>`;
}
