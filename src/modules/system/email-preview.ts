import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { formatInstant } from '../../lib/time.js';
import { readMessageOverrides } from '../../mail/message-texts.js';
import { brandOf, renderEmail, type RenderedEmail } from '../../mail/render-email.js';
import { chooseLanguage } from '../../messages/index.js';
import { readSettings, readTimezone } from '../settings/service.js';

/*
 * One outbox email with its message as the mail server receives it, for admins and for a
 * developer without a mail server. Emails whose data holds a secret (reset link, magic link,
 * temporary password, unsubscribe link) show no body where previews are off (production by
 * default), nor once their data is erased (sent or given up on). The body is never logged.
 */

export async function getEmail(ctx: AppContext, id: number) {
  const email = await ctx.db.selectFrom('emails').selectAll().where('id', '=', id).executeTakeFirst();
  if (!email) throw notFound('Email');
  const settings = await readSettings(ctx.db);
  const timezone = await readTimezone(ctx.db);
  const redacted = email.data === null || (email.sensitive === 1 && ctx.config.mailPreview === false);

  let message: RenderedEmail | null = null;
  let renderError: string | null = null;
  if (!redacted) {
    try {
      const brand = brandOf(settings, ctx.config.publicBaseUrl);
      const overrides = await readMessageOverrides(ctx.db, chooseLanguage(email.language, brand.language));
      message = await renderEmail(email, brand, overrides);
    } catch (error) {
      // A row of a template that no longer exists, or data it cannot render: the outbox entry
      // is still worth showing, with why its body is missing.
      renderError = error instanceof Error ? error.message : String(error);
      ctx.log.warn({ emailId: id, template: email.template }, 'outbox email does not render');
    }
  }
  return {
    id: email.id,
    to: email.recipient,
    subject: email.subject,
    template: email.template,
    status: email.status,
    error: email.error,
    created_at: formatInstant(email.created_at, timezone),
    sent_at: formatInstant(email.sent_at, timezone),
    html: message?.html ?? null,
    text: message?.text ?? null,
    headers: message?.headers ?? null,
    redacted,
    render_error: renderError,
  };
}
