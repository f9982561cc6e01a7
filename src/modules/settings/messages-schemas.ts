import { Type, type Static } from 'typebox';
import { named, withExample } from '../../http/schemas.js';

const Language = Type.Union([Type.Literal('en'), Type.Literal('nl')], { description: '`en` or `nl`' });

const MessageText = Type.Object({
  subject: Type.Union([Type.String(), Type.Null()], { description: 'null for a text message (SMS)' }),
  body: Type.String(),
  is_default: Type.Boolean({ description: "true: the catalogue's text (never edited, or reset)" }),
  updated_at: Type.Union([Type.String(), Type.Null()], { description: 'When the salon saved it; null when default' }),
});

export const MessageOut = named(
  'Message',
  Type.Object({
    key: Type.String({ description: 'e.g. `booking.confirmed`' }),
    channel: Type.Union([Type.Literal('email'), Type.Literal('sms')]),
    description: Type.String({ description: 'When it is sent, and to whom' }),
    placeholders: Type.Array(Type.String(), { description: 'The placeholders its texts may use, e.g. `service`' }),
    texts: Type.Object({ en: MessageText, nl: MessageText }),
  }),
);

export const MessageKeyParams = Type.Object({ key: Type.String({ minLength: 1, maxLength: 100 }) });
export const MessageLanguageParams = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 100 }),
  // A path segment: a language we do not write is a text that does not exist (404).
  language: Type.String({ minLength: 1, maxLength: 20, description: '`en` or `nl`; any other: 404' }),
});

const text = (what: string) =>
  Type.String({
    minLength: 1,
    maxLength: 10_000,
    description: `${what}: ICU MessageFormat, placeholders in braces (\`{client_first_name}\`); a literal brace is quoted: '{'`,
  });

export const MessageTextBody = withExample(
  Type.Object({
    subject: Type.Optional(text('The subject (required for an email)')),
    body: text('The body, plain text: a blank line starts a new paragraph'),
  }),
  {
    subject: 'See you {date}, {client_first_name}!',
    body: 'Hi {client_first_name},\n\nYour {service} with {staff} is booked. See you then!',
  },
);

export const MessagePreviewBody = withExample(
  Type.Object({
    language: Language,
    subject: Type.Optional(text('A draft subject to preview (not saved); absent: the one in use')),
    body: Type.Optional(text('A draft body to preview (not saved); absent: the one in use')),
  }),
  { language: 'nl', body: 'Hoi {client_first_name},\n\nTot {start}!' },
);

export const MessagePreview = named(
  'MessagePreview',
  Type.Object({
    language: Language,
    subject: Type.Union([Type.String(), Type.Null()], { description: 'null for a text message (SMS)' }),
    html: Type.Union([Type.String(), Type.Null()], { description: 'null for a text message (SMS)' }),
    text: Type.String({ description: 'the plain-text part, or the whole text message' }),
  }),
);

export type MessageTextInput = Static<typeof MessageTextBody>;
export type MessagePreviewInput = Static<typeof MessagePreviewBody>;
