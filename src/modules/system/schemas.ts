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

export const EmailDetailOut = named(
  'OutboxEmailDetail',
  Type.Object({
    ...EmailOut.properties,
    html: Type.Union([Type.String(), Type.Null()], {
      description: 'The HTML body as sent; null when `redacted` or when it does not render',
    }),
    text: Type.Union([Type.String(), Type.Null()], { description: 'The plain-text body; null like `html`' }),
    headers: Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()], {
      description: 'Extra headers the message carries (`List-Unsubscribe`…), `{}` when none; null like `html`',
    }),
    redacted: Type.Boolean({
      description:
        'true: the email carries a secret (reset or magic link, temporary password, unsubscribe link) and its content is erased (sent or given up on) or hidden (MAIL_PREVIEW off)',
    }),
    render_error: Type.Union([Type.String(), Type.Null()], {
      description: 'Why the body could not be rendered (a template that no longer exists); null otherwise',
    }),
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
