import { Type } from 'typebox';
import { DateTimeText, named, PageQuery } from '../../http/schemas.js';

export const SmsStatus = Type.Union(
  ['queued', 'sent', 'delivered', 'failed', 'unsent'].map((s) => Type.Literal(s)),
  {
    description:
      '`queued` (waiting or retried), `sent` (accepted by the provider), `delivered` (reported delivered), `failed` (refused, undelivered, given up; or not sent to this number: `error` `no_consent`, `country_not_allowed` (outside `sms_allowed_countries`), `phone_unconfirmed` (typed on the booking page, not yet confirmed)), `unsent` (kept back: no provider configured, or `error` `sms_daily_limit_reached` / `sms_prefix_daily_limit_reached`)',
  },
);

export const SmsOut = named(
  'OutboxSms',
  Type.Object({
    id: Type.Integer(),
    to: Type.String({ description: 'E.164' }),
    body: Type.Union([Type.String(), Type.Null()], { description: 'The text; null when `redacted`' }),
    redacted: Type.Boolean({ description: 'true: the text carries a secret and is not shown (MAIL_PREVIEW off)' }),
    template: Type.String(),
    client_id: Type.Union([Type.Integer(), Type.Null()]),
    status: SmsStatus,
    provider_id: Type.Union([Type.String(), Type.Null()], { description: "The provider's message id (Twilio SM…)" }),
    error: Type.Union([Type.String(), Type.Null()]),
    created_at: DateTimeText,
    sent_at: Type.Union([DateTimeText, Type.Null()]),
    delivered_at: Type.Union([DateTimeText, Type.Null()]),
  }),
);

export const SmsQuery = Type.Object({
  to: Type.Optional(Type.String({ maxLength: 50, description: 'A phone number, in any notation' })),
  ...PageQuery,
});

export const TestSmsBody = Type.Object({
  to: Type.String({ minLength: 1, maxLength: 50, description: 'A phone number; normalised to E.164' }),
});

export const SmsQueued = Type.Object({ id: Type.Integer({ description: 'The outbox id' }) });

/** Twilio's form fields: only those read are named; Twilio adds others, which are kept for the signature. */
export const TwilioForm = Type.Record(Type.String(), Type.String());

export const TwilioSignatureHeaders = Type.Object({
  'x-twilio-signature': Type.Optional(Type.String({ description: 'Base64 HMAC-SHA1 of the URL and sorted fields' })),
});
