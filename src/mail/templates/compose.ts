import type { MessageKey } from '../../messages/index.js';
import { button, escapeHtml as e, layout, paragraph, textFooter, textParagraphs, type MailContext } from './layout.js';

/*
 * The common shape of a transactional email: a subject, a plain-text body from the catalogue
 * (or the salon's own version of it), then what the layout owns: a details block, buttons, the
 * addresses behind them, a closing text, and the footer. One description gives the HTML and
 * the plain-text part, so the two cannot drift apart.
 */
export interface Composed {
  subject: string;
  body: string;
  details?: { html: string; text: string } | undefined;
  buttons?: { label: string; url: string }[];
  /** Also print each button's address (mail apps that hide buttons, or strip links). */
  showLinks?: boolean;
  /** MJML after the buttons (an image). */
  extraMjml?: string;
  /** Plain text after the buttons. */
  after?: string;
}

export interface ComposedTemplate<D> {
  subject(data: D, mail: MailContext): string;
  mjml(data: D, mail: MailContext): string;
  text(data: D, mail: MailContext): string;
}

export function composedTemplate<D>(compose: (data: D, mail: MailContext) => Composed): ComposedTemplate<D> {
  return {
    subject: (data, mail) => compose(data, mail).subject,
    mjml: (data, mail) => {
      const email = compose(data, mail);
      const buttons = email.buttons ?? [];
      const parts = [
        textParagraphs(email.body),
        email.details?.html ?? '',
        ...buttons.map((b) => button(b.label, b.url)),
        email.showLinks && buttons.length === 1
          ? paragraph(e(mail.t('common.open_address', { url: buttons[0]!.url })))
          : '',
        email.showLinks && buttons.length > 1
          ? paragraph(buttons.map((b) => `${e(b.label)}: ${e(b.url)}`).join('<br/>'))
          : '',
        email.extraMjml ?? '',
        email.after ? textParagraphs(email.after) : '',
      ];
      return layout(mail, email.subject, parts.filter(Boolean).join('\n'));
    },
    text: (data, mail) => {
      const email = compose(data, mail);
      const parts = [
        email.body.trim(),
        email.details?.text ?? '',
        (email.buttons ?? []).map((b) => `${b.label}: ${b.url}`).join('\n'),
        email.after?.trim() ?? '',
      ];
      return `${parts.filter(Boolean).join('\n\n')}\n${textFooter(mail)}`;
    },
  };
}

/** A message of the catalogue (or the salon's version) by key: subject and body keys side by side. */
export const subjectKey = (name: string) => `${name}.subject` as MessageKey;
export const bodyKey = (name: string) => `${name}.body` as MessageKey;
