import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import { EMBEDDABLE_RESOURCE_POLICY } from '../../http/security-headers.js';
import { errorRef, FileAnswer, FileUpload, Ok } from '../../http/schemas.js';
import { LOGO_MAX_BYTES, LOGO_TYPES, readLogo, uploadLogo } from './logo.js';
import { CalendarSettingsOut, LogoUploaded, SettingsOut, SettingsUpdate, TestEmailBody } from './schemas.js';
import { calendarSettings, getSettings, updateSettings } from './service.js';
import { sendTestEmail } from './test-email.js';

const tags = ['settings'];

// Served as an image and never as a document that can run script: an SVG opened directly
// gets no script, no plugins, no outside resources (sandbox), whatever it contains.
const LOGO_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";

export async function settingsRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/settings', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'getSettings',
      tags,
      summary: 'The salon settings (single record, id = 1)',
      description:
        'Secrets (smtp_pass, cardpay_api_key, onlinepay_api_key, checkout_secret_key, checkout_webhook_secret, sms_auth_token) always come back as `********`; `<field>_set` tells whether one is stored.',
      response: { 200: SettingsOut },
    },
    handler: () => getSettings(ctx),
  });

  app.get('/api/settings/calendar', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getCalendarSettings',
      tags,
      summary: 'The settings every member’s calendar draws by (an extension)',
      description:
        'The calendar’s part of the settings, for every role: the grid’s step, the buffer, the colour mode, whether unscheduled staff are hidden and whether staff see only their own agenda, the time format and the first day of the week; and the phone’s switches (offline cache, swipe actions, long-press contact, haptic feedback), which every member’s phone agenda follows. The rest of the settings stays admin-only.',
      response: { 200: CalendarSettingsOut },
    },
    handler: () => calendarSettings(ctx),
  });

  app.put('/api/settings', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'updateSettings',
      tags,
      summary: 'Update the settings: only the fields present change',
      description:
        'Sending `********` for a secret keeps the stored one. `purchase_orders_enabled = 0` also sets `internal_consumption_enabled = 0`; ' +
        '`internal_consumption_enabled = 1` while purchase orders are off is 400. Opening hours are not changed here: PUT /api/settings/opening-hours replaces them.',
      body: SettingsUpdate,
      response: { 200: SettingsOut, 400: errorRef },
    },
    handler: (request) => updateSettings(ctx, request.body),
  });

  app.post('/api/settings/upload-logo', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'uploadLogo',
      tags,
      summary: 'Upload the salon logo (multipart field `logo`)',
      description:
        'JPEG, PNG, GIF, SVG or WebP, decided by the file content; at most 5 MB (413); another type is 415. Answers the URL that serves it.',
      consumes: ['multipart/form-data'],
      multipartBody: FileUpload('logo', 'The image: JPEG, PNG, GIF, SVG or WebP, at most 5 MB'),
      response: { 200: LogoUploaded, 400: errorRef, 413: errorRef, 415: errorRef },
    },
    handler: async (request) => {
      if (!request.isMultipart())
        throw badRequest('logo_required', 'Send the logo as multipart/form-data in the field "logo"');
      const file = await request.file({ limits: { fileSize: LOGO_MAX_BYTES, files: 1 } });
      if (!file || file.fieldname !== 'logo')
        throw badRequest('logo_required', 'The multipart field "logo" with a file is required');
      return uploadLogo(ctx, await file.toBuffer());
    },
  });

  app.get('/api/settings/logo', {
    config: { auth: 'none' },
    schema: {
      operationId: 'getLogo',
      tags,
      summary: 'The salon logo (public: the booking page shows it)',
      description:
        'Fetched at its address from `logo_url` (with the current `v`), it may be cached for a year: a new upload ' +
        'changes `v`. Without `v`, or with an old one, five minutes.',
      querystring: Type.Object({
        v: Type.Optional(Type.String({ maxLength: 64, description: 'The version in `logo_url`' })),
      }),
      response: {
        200: FileAnswer('The logo image, with the content type of its format', LOGO_TYPES, false),
        404: errorRef,
      },
    },
    handler: async (request, reply) => {
      const logo = await readLogo(ctx);
      if (!logo) return reply.status(404).send({ error: 'No logo has been uploaded', code: 'not_found' });
      return (
        reply
          .header('content-type', logo.contentType)
          .header('content-security-policy', LOGO_CSP)
          // The booking page, on the salon's own website, shows it in an <img>.
          .header('cross-origin-resource-policy', EMBEDDABLE_RESOURCE_POLICY)
          .header(
            'cache-control',
            request.query.v === logo.version ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
          )
          .send(logo.data)
      );
    },
  });

  app.post('/api/settings/test-email', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'sendTestEmail',
      tags,
      summary: 'Send one test email through the configured mail server',
      description:
        "400 with the mail server's error message when it cannot be reached, refuses, or none is configured.",
      body: TestEmailBody,
      response: { 200: Ok, 400: errorRef },
    },
    handler: async (request) => {
      await sendTestEmail(ctx, request.body.to);
      return { ok: true as const };
    },
  });
}

/** Holidays and VAT rates: configuration with its own routes file, registered beside these. */
export { settingsConfigRoutes } from './config-routes.js';
/** The client messages' editable texts, registered beside these. */
export { settingsMessagesRoutes } from './messages-routes.js';
