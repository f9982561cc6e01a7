import { Type, type Static } from 'typebox';
import { Email, Flag, named, NonEmpty, Password } from '../../http/schemas.js';

export const Role = Type.Union([Type.Literal('admin'), Type.Literal('staff')]);

export const UserSummary = named(
  'User',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    email: Type.String(),
    role: Role,
  }),
);

export const SessionUser = named(
  'SessionUser',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    email: Type.String(),
    role: Role,
    require_password_change: Type.Boolean(),
  }),
);

export const Me = named(
  'Me',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    email: Type.String(),
    role: Role,
    require_password_change: Type.Boolean({ description: 'As in the login answer' }),
    bookable: Type.Union([Type.Literal(0), Type.Literal(1)], {
      description: '1: takes appointments (shown in the calendar); 0: an owner or receptionist who does not',
    }),
    can_change_prices: Type.Boolean({
      description:
        "Whether the till may charge a line at another price than the catalogue's: always for an admin, for staff while the setting staff_price_changes_enabled is on (an extension)",
    }),
  }),
);

export const LoginBody = Type.Object({
  email: Email,
  password: Type.String({ minLength: 1, maxLength: 1024 }),
  mobile: Type.Optional(Flag),
});

export const LoginResponse = named(
  'LoginResponse',
  Type.Object({
    token: Type.String({ description: 'Access token (JWT, 8 hours); send as `Authorization: Bearer <token>`' }),
    refresh_token: Type.Optional(Type.String({ description: 'Only when `mobile` is true; valid 30 days, single use' })),
    user: SessionUser,
  }),
);

export const RefreshBody = Type.Object({ refresh_token: Type.String({ minLength: 1, maxLength: 512 }) });

export const RefreshResponse = named(
  'RefreshResponse',
  Type.Object({
    token: Type.String(),
    refresh_token: Type.String(),
    user: SessionUser,
  }),
);

export const LogoutBody = Type.Object({
  refresh_token: Type.Optional(Type.String({ maxLength: 512 })),
  device_token: Type.Optional(Type.String({ maxLength: 512 })),
});

export const RegisterBody = Type.Object({
  email: Email,
  name: NonEmpty(200),
  role: Type.Optional(Role),
});

export const ForgotPasswordBody = Type.Object({ email: Email });

export const ForgotPasswordResponse = Type.Object({ ok: Type.Literal(true), message: Type.String() });

export const ResetPasswordBody = Type.Object({
  email: Email,
  token: Type.String({ minLength: 1, maxLength: 512 }),
  password: Password,
});

export const ChangePasswordBody = Type.Object({
  email: Email,
  currentPassword: Type.String({ minLength: 1, maxLength: 1024 }),
  newPassword: Password,
  confirmPassword: Password,
});

export const Platform = Type.Union([Type.Literal('ios'), Type.Literal('android'), Type.Literal('web')]);

export const DeviceBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 512 }),
  platform: Platform,
});

export const DeviceDeleteBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 512 }) });

export const Device = named('Device', Type.Object({ token: Type.String(), platform: Platform }));

export const WebPushKey = named(
  'WebPushKey',
  Type.Object({
    public_key: Type.Union([Type.String(), Type.Null()], {
      description:
        "The service's VAPID public key (base64url), the applicationServerKey a browser subscribes with; null when web push is not configured",
    }),
  }),
);

export const SetupStatus = named('SetupStatus', Type.Object({ needsSetup: Type.Boolean() }));

const Time = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'HH:MM' });

export const OpeningHoursEntry = Type.Object({
  day_of_week: Type.Integer({ minimum: 0, maximum: 6, description: '0 = Sunday … 6 = Saturday' }),
  open_time: Type.Optional(Type.Union([Time, Type.Null()])),
  close_time: Type.Optional(Type.Union([Time, Type.Null()])),
  is_closed: Type.Optional(Flag),
});

export const SetupBody = Type.Object({
  admin_name: NonEmpty(200),
  admin_email: Email,
  admin_password: Password,
  salon_name: NonEmpty(200),
  salon_email: Type.Optional(Type.Union([Email, Type.Literal('')])),
  salon_phone: Type.Optional(Type.String({ maxLength: 50 })),
  salon_address: Type.Optional(Type.String({ maxLength: 500 })),
  opening_hours: Type.Optional(Type.Array(OpeningHoursEntry, { maxItems: 7 })),
  // Extension: what a salon must choose before its first booking, set with the rest in one
  // transaction (each as `PUT /settings` takes it); left out, the settings' defaults stay.
  timezone: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, description: 'Extension: IANA zone, e.g. Europe/Amsterdam' }),
  ),
  language: Type.Optional(
    Type.String({ pattern: '^[a-z]{2}(-[A-Z]{2})?$', description: 'Extension: the salon’s language, e.g. nl, en' }),
  ),
  currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$', description: 'Extension: ISO 4217 code, e.g. EUR' })),
});

export const SetupResponse = named(
  'SetupResponse',
  Type.Object({
    token: Type.String(),
    user: Type.Object({ id: Type.Integer(), name: Type.String(), role: Role }),
  }),
);

export type LoginInput = Static<typeof LoginBody>;
export type RegisterInput = Static<typeof RegisterBody>;
export type ResetPasswordInput = Static<typeof ResetPasswordBody>;
export type ChangePasswordInput = Static<typeof ChangePasswordBody>;
export type DeviceInput = Static<typeof DeviceBody>;
export type SetupInput = Static<typeof SetupBody>;
export type SessionUserOut = Static<typeof SessionUser>;
