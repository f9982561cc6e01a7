import type { Settings } from '../db/types.js';
import { renderMjml } from './render.js';
import { isTemplateName, template, type Brand } from './templates/index.js';

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

/** The salon's look of every email, from the settings. */
export function brandOf(settings: Pick<Settings, 'salon_name'>): Brand {
  return { salonName: settings.salon_name || 'Salon' };
}

/**
 * Renders an outbox row from its stored template name and JSON data: the one rendering both
 * the `mail.send` job and the outbox preview use, so the preview is what was (or will be) sent.
 */
export async function renderEmail(
  email: { template: string; data: string | null },
  brand: Brand,
): Promise<RenderedEmail> {
  if (!isTemplateName(email.template) || email.data === null) {
    throw new UnrenderableEmailError(`no renderable template "${email.template}"`);
  }
  const data = JSON.parse(email.data) as never;
  const chosen = template(email.template);
  return {
    html: await renderMjml(chosen.mjml(data, brand)),
    text: chosen.text(data, brand),
    headers: chosen.headers?.(data) ?? {},
    calendar: chosen.calendar?.(data) ?? null,
  };
}
