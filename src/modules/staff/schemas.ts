import { Type, type Static } from 'typebox';
import {
  DateText,
  DateTimeText,
  Email,
  EndTimeText,
  Flag,
  Id,
  named,
  NonEmpty,
  Password,
  TimeText,
  withExample,
} from '../../http/schemas.js';

export { DateText, TimeText };

// NUL characters in any text are refused for every route by the hook in app.ts.
const Name = NonEmpty(200);
const Reason = Type.String({ maxLength: 500 });

const DayOfWeek = Type.Integer({ minimum: 0, maximum: 6, description: '0 = Sunday … 6 = Saturday' });

export const StaffRole = Type.Union([Type.Literal('admin'), Type.Literal('staff')]);

const ActiveOut = Type.Integer({ minimum: 0, maximum: 1, description: '1 active, 0 deactivated (cannot sign in)' });
const BookableOut = Type.Integer({
  minimum: 0,
  maximum: 1,
  description: '1 takes appointments; 0 does not (an owner, a receptionist)',
});
const AllServicesOut = Type.Integer({
  minimum: 0,
  maximum: 1,
  description: '1 performs every service; 0 only those listed at /staff/staff/{id}/services',
});

const BioOut = Type.String({ description: 'A short introduction shown on the booking page; absent when none' });
const PhotoUrl = Type.String({
  description:
    'Path of the member’s photo on this service (public, cacheable: the `v` changes with every upload); absent when none',
});
const BioIn = Type.String({
  maxLength: 500,
  description: 'A short introduction shown on the booking page, at most 500 characters; empty: none',
});

// ---------------------------------------------------------------- staff members

export const StaffMember = named(
  'StaffMember',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    email: Type.String(),
    role: StaffRole,
    bookable: BookableOut,
    all_services: AllServicesOut,
    bio: Type.Optional(BioOut),
    photo_url: Type.Optional(PhotoUrl),
  }),
);

export const StaffMemberWithStatus = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  role: StaffRole,
  bookable: BookableOut,
  all_services: AllServicesOut,
  bio: Type.Optional(BioOut),
  photo_url: Type.Optional(PhotoUrl),
  active: ActiveOut,
});

export const StaffListItem = named(
  'StaffListItem',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    email: Type.String(),
    role: StaffRole,
    bookable: BookableOut,
    all_services: AllServicesOut,
    bio: Type.Optional(BioOut),
    photo_url: Type.Optional(PhotoUrl),
    active: Type.Optional(ActiveOut),
  }),
);

export const StaffListQuery = Type.Object({
  include_inactive: Type.Optional(
    Type.Boolean({
      description: 'Admins only: also list deactivated members; every item then carries `active`',
    }),
  ),
});

export const RecordIdParams = Type.Object({ id: Id });

export const StaffCreateBody = Type.Object({
  name: Name,
  email: Email,
  password: Password,
  role: Type.Optional(StaffRole),
  bookable: Type.Optional(Flag),
  all_services: Type.Optional(Flag),
  bio: Type.Optional(BioIn),
});

export const StaffUpdateBody = Type.Object({
  name: Type.Optional(Name),
  email: Type.Optional(Email),
  role: Type.Optional(StaffRole),
  password: Type.Optional(Password),
  active: Type.Optional(Flag),
  bookable: Type.Optional(Flag),
  all_services: Type.Optional(Flag),
  bio: Type.Optional(BioIn),
});

export const PhotoUploaded = Type.Object({
  photo_url: Type.String({ description: 'Path of the new photo on this service' }),
});

// ---------------------------------------------------------------- who does what

const OwnDuration = Type.Integer({
  minimum: 5,
  maximum: 1440,
  description: "The member's own duration in minutes, 5 to 1440; absent or null: the service's",
});
const OwnPrice = Type.Number({
  minimum: 0,
  maximum: 1_000_000,
  description: "The member's own price in currency units, VAT included; absent or null: the service's",
});

export const StaffServices = named(
  'StaffServices',
  Type.Object({
    staff_id: Type.Integer(),
    all_services: AllServicesOut,
    services: Type.Array(
      Type.Object({
        service_id: Type.Integer(),
        service_name: Type.String(),
        duration_min: Type.Integer({ description: 'Minutes it takes this member (effective value)' }),
        price: Type.Number({ description: 'What it costs with this member, currency units (effective value)' }),
        own_duration_min: Type.Union([Type.Integer(), Type.Null()], {
          description: "The member's own duration; null: the service's",
        }),
        own_price: Type.Union([Type.Number(), Type.Null()], {
          description: "The member's own price; null: the service's",
        }),
      }),
      { description: 'Every active service the member performs, in the order of the service list' },
    ),
  }),
);

export const StaffServicesBody = withExample(
  Type.Object({
    all_services: Type.Optional(Flag),
    services: Type.Array(
      Type.Object({
        service_id: Id,
        duration_min: Type.Optional(Type.Union([OwnDuration, Type.Null()])),
        price: Type.Optional(Type.Union([OwnPrice, Type.Null()])),
      }),
      {
        maxItems: 1000,
        description:
          'Replaces every row of the member: with `all_services` 0 the services they perform, with 1 only their own durations and prices',
      },
    ),
  }),
  { all_services: false, services: [{ service_id: 3 }, { service_id: 5, duration_min: 60, price: 55 }] },
);

// ---------------------------------------------------------------- shifts

export const Shift = named(
  'Shift',
  Type.Object({
    id: Type.Integer(),
    staff_id: Type.Integer(),
    staff_name: Type.String(),
    date: DateText,
    start_time: TimeText,
    end_time: EndTimeText,
    location_id: Type.Union([Type.Integer(), Type.Null()]),
    location_name: Type.Union([Type.String(), Type.Null()]),
  }),
);

export const ShiftsQuery = Type.Object({
  staff_id: Type.Optional(Id),
  from: Type.Optional(DateText),
  to: Type.Optional(DateText),
});

export const ShiftBody = withExample(
  Type.Object({
    staff_id: Id,
    date: DateText,
    start_time: TimeText,
    end_time: EndTimeText,
    location_id: Type.Optional(Type.Union([Id, Type.Null()])),
  }),
  { staff_id: 1, date: '2030-05-14', start_time: '09:00', end_time: '17:00' },
);

export const ShiftUpdateBody = withExample(
  Type.Object({
    staff_id: Type.Optional(Id),
    date: Type.Optional(DateText),
    start_time: Type.Optional(TimeText),
    end_time: Type.Optional(EndTimeText),
    location_id: Type.Optional(Type.Union([Id, Type.Null()])),
  }),
  { start_time: '10:00', end_time: '18:00' },
);

// ---------------------------------------------------------------- default shifts

export const DefaultShift = named(
  'DefaultShift',
  Type.Object({
    id: Type.Integer(),
    staff_id: Type.Integer(),
    staff_name: Type.String(),
    day_of_week: DayOfWeek,
    start_time: TimeText,
    end_time: EndTimeText,
  }),
);

export const DefaultShiftsQuery = Type.Object({ staff_id: Type.Optional(Id) });

export const SaveWeekBody = withExample(
  Type.Object({
    staff_id: Id,
    shifts: Type.Array(Type.Object({ day_of_week: DayOfWeek, start_time: TimeText, end_time: EndTimeText }), {
      maxItems: 21,
      description: 'The whole week; several entries per day when they do not overlap; [] clears the week',
    }),
  }),
  {
    staff_id: 1,
    shifts: [
      { day_of_week: 1, start_time: '09:00', end_time: '17:00' },
      { day_of_week: 2, start_time: '09:00', end_time: '13:00' },
    ],
  },
);

export const ApplyBody = withExample(
  Type.Object({
    start_date: DateText,
    end_date: DateText,
    staff_id: Type.Optional(Id),
  }),
  { start_date: '2030-05-13', end_date: '2030-05-19' },
);

export const ApplyResult = Type.Object({
  created: Type.Integer({ description: 'Shifts created' }),
  skipped: Type.Integer({
    description: 'Default shifts not applied because that member already had a shift on that date',
  }),
});

export const StaffIdPathParams = Type.Object({ staffId: Id });

export const DeletedCount = Type.Object({ ok: Type.Literal(true), deleted: Type.Integer() });

// ---------------------------------------------------------------- time off

export const TimeOff = named(
  'TimeOff',
  Type.Object({
    id: Type.Integer(),
    staff_id: Type.Integer(),
    staff_name: Type.String(),
    start_date: DateText,
    end_date: DateText,
    reason: Type.String({ description: 'Empty when none was given' }),
    created_at: DateTimeText,
  }),
);

export const TimeOffQuery = Type.Object({
  staff_id: Type.Optional(Id),
  from: Type.Optional(DateText),
  to: Type.Optional(DateText),
});

export const TimeOffBody = withExample(
  Type.Object({
    staff_id: Id,
    start_date: DateText,
    end_date: DateText,
    reason: Type.Optional(Reason),
  }),
  { staff_id: 1, start_date: '2030-05-14', end_date: '2030-05-15', reason: 'Training' },
);

export type StaffCreateInput = Static<typeof StaffCreateBody>;
export type StaffUpdateInput = Static<typeof StaffUpdateBody>;
export type StaffServicesInput = Static<typeof StaffServicesBody>;
export type StaffServicesOutput = Static<typeof StaffServices>;
export type ShiftInput = Static<typeof ShiftBody>;
export type ShiftUpdateInput = Static<typeof ShiftUpdateBody>;
export type ShiftsFilter = Static<typeof ShiftsQuery>;
export type SaveWeekInput = Static<typeof SaveWeekBody>;
export type ApplyInput = Static<typeof ApplyBody>;
export type TimeOffInput = Static<typeof TimeOffBody>;
export type TimeOffFilter = Static<typeof TimeOffQuery>;
