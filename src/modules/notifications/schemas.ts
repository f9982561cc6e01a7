import { Type, type Static } from 'typebox';
import { DateTimeText, Flag, named, PageQuery } from '../../http/schemas.js';
import { NOTIFICATION_TYPES } from './types.js';

export const MAX_PREFERENCE_KEYS = 100;

export const NotificationOut = named(
  'Notification',
  Type.Object({
    id: Type.Integer(),
    type: Type.String({ description: 'Dotted type, e.g. `booking.new`' }),
    title: Type.String(),
    message: Type.String(),
    link: Type.Union([Type.String(), Type.Null()], { description: 'A path in the back office, or null' }),
    is_read: Type.Integer({ minimum: 0, maximum: 1, description: '0 or 1' }),
    created_at: DateTimeText,
  }),
);

export const NotificationListQuery = Type.Object({
  // `1`/`0` as well as `true`/`false`: a badge or a link written by hand uses either.
  unread_only: Type.Optional(
    Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Literal('1'), Type.Literal('0')], {
      description: '`true`/`1`: only unread notifications; `false`/`0` or absent: all',
    }),
  ),
  type: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description:
        'Type prefix, matched literally and case-sensitively: `booking` matches `booking.new` and `booking.cancelled`; an exact type matches itself',
    }),
  ),
  ...PageQuery,
});

export const UnreadCount = Type.Object({ count: Type.Integer({ minimum: 0 }) });

export const ReadAllResult = Type.Object({
  ok: Type.Literal(true),
  updated: Type.Integer({ minimum: 0, description: 'How many notifications were unread and are now read' }),
});

export const PreferenceOut = named(
  'NotificationPreference',
  Type.Object({
    email: Type.Boolean(),
    push: Type.Boolean(),
    in_app: Type.Boolean(),
  }),
);

export const PreferencesOut = named(
  'NotificationPreferences',
  Type.Record(Type.String(), PreferenceOut, {
    description: `Every known notification type: ${NOTIFICATION_TYPES.map((type) => `\`${type}\``).join(', ')}`,
  }),
);

const PreferenceIn = Type.Object({
  email: Flag,
  push: Flag,
  in_app: Flag,
});

export const PreferencesBody = Type.Record(Type.String(), PreferenceIn, {
  maxProperties: MAX_PREFERENCE_KEYS,
  description: `Keyed by notification type; each given type needs all three channels (\`true\`/\`false\`, or 1/0). At most ${MAX_PREFERENCE_KEYS} types per request.`,
});

export type NotificationOutput = Static<typeof NotificationOut>;
export type NotificationListInput = Static<typeof NotificationListQuery>;
export type PreferencesInput = Static<typeof PreferencesBody>;
