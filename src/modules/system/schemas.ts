import { Type } from 'typebox';
import { DateTimeText, named, PageQuery } from '../../http/schemas.js';

export const JobStatus = Type.Union(['queued', 'running', 'done', 'failed', 'dead'].map((s) => Type.Literal(s)));
export const EmailStatus = Type.Union(['queued', 'sent', 'failed', 'unsent'].map((s) => Type.Literal(s)));

export const JobOut = named(
  'Job',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    status: JobStatus,
    run_at: DateTimeText,
    attempts: Type.Integer(),
    last_error: Type.Union([Type.String(), Type.Null()]),
    payload: Type.Unknown(),
    created_at: DateTimeText,
  }),
);

export const EmailOut = named(
  'OutboxEmail',
  Type.Object({
    id: Type.Integer(),
    to: Type.String(),
    subject: Type.String(),
    template: Type.String(),
    status: EmailStatus,
    error: Type.Union([Type.String(), Type.Null()]),
    created_at: DateTimeText,
    sent_at: Type.Union([DateTimeText, Type.Null()]),
  }),
);

export const JobsQuery = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(JobStatus),
  ...PageQuery,
});

export const EmailsQuery = Type.Object({
  to: Type.Optional(Type.String({ maxLength: 254 })),
  ...PageQuery,
});

export const Health = named(
  'Health',
  Type.Object({
    status: Type.Literal('ok'),
    database: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
  }),
);
