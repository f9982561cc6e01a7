import { Type, type Static, type TSchema } from 'typebox';
import { DateTimeText, named, withExample } from '../../http/schemas.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './event-types.js';

/* Outbound webhooks under /api/webhooks (admins only). */

const EventType = Type.Unsafe<WebhookEventType>(
  Type.Union(
    WEBHOOK_EVENT_TYPES.map((type) => Type.Literal(type)),
    { description: 'An event type (docs/api.md "Webhooks")' },
  ),
);

const EventTypes = Type.Array(EventType, {
  minItems: 1,
  maxItems: WEBHOOK_EVENT_TYPES.length,
  uniqueItems: true,
  description: 'The events this endpoint receives',
});

const Url = Type.String({
  minLength: 1,
  maxLength: 2000,
  description:
    'https (http only when the operator sets WEBHOOKS_ALLOW_HTTP) on port 80, 443 or 8443 (others only those in WEBHOOKS_ALLOW_PORTS); its host must resolve to public addresses only, unless WEBHOOKS_ALLOW_PRIVATE',
});

const Description = Type.String({ maxLength: 500 });

export const EndpointCreateBody = withExample(
  Type.Object({
    url: Url,
    event_types: EventTypes,
    description: Type.Optional(Description),
    enabled: Type.Optional(Type.Boolean({ description: 'Default true' })),
  }),
  {
    url: 'https://hooks.example.com/salon',
    event_types: ['booking.created', 'booking.cancelled'],
    description: 'Agenda sync',
  },
);

export const EndpointUpdateBody = withExample(
  Type.Object({
    url: Type.Optional(Url),
    event_types: Type.Optional(EventTypes),
    description: Type.Optional(Description),
    enabled: Type.Optional(
      Type.Boolean({
        description:
          'false disables it (its pending deliveries are given up); true enables it again with a clean failure streak',
      }),
    ),
  }),
  { enabled: true },
);

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const EndpointOut = named(
  'WebhookEndpoint',
  Type.Object({
    id: Type.Integer(),
    url: Type.String(),
    description: Type.String(),
    event_types: Type.Array(EventType),
    enabled: Type.Integer({ minimum: 0, maximum: 1 }),
    disabled_reason: Nullable(
      Type.Union([Type.Literal('manual'), Type.Literal('failing')], {
        description: '`manual`: by an admin; `failing`: by the service after every attempt failed for 5 days',
      }),
    ),
    disabled_at: Nullable(DateTimeText),
    failure_streak: Type.Integer({ minimum: 0, description: 'Failed attempts since the last success' }),
    failing_since: Nullable(DateTimeText),
    secret: Type.String({
      description:
        'The signing secret (`whsec_…`): in full only in the answer that creates the endpoint or rotates its secret, masked (`whsec_********`) everywhere else',
    }),
    created_at: DateTimeText,
    updated_at: DateTimeText,
  }),
);

export const AttemptOut = Type.Object({
  attempted_at: DateTimeText,
  succeeded: Type.Boolean(),
  status_code: Nullable(Type.Integer({ description: "The receiver's HTTP status; null when no answer came" })),
  duration_ms: Type.Integer({ minimum: 0 }),
  response_body: Type.String({ description: 'The first 1,024 bytes of the answer' }),
  error: Nullable(Type.String()),
});

export const DeliveryOut = named(
  'WebhookDelivery',
  Type.Object({
    id: Type.Integer(),
    endpoint_id: Type.Integer(),
    event_id: Type.Integer(),
    event_type: EventType,
    message_id: Type.String({ description: 'The `webhook-id` header: the same on every attempt' }),
    resource: Type.String({ description: 'The resource whose deliveries go out in order, e.g. `booking:7`' }),
    status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')], {
      description: '`failed`: given up (its attempts ran out, or the endpoint was disabled)',
    }),
    attempt_count: Type.Integer({
      minimum: 0,
      description: 'Attempts in the current round (a redelivery starts a new one)',
    }),
    next_attempt_at: Nullable(DateTimeText),
    last_status_code: Nullable(Type.Integer()),
    last_error: Nullable(Type.String()),
    payload: Type.String({ description: 'The JSON body sent' }),
    created_at: DateTimeText,
    finished_at: Nullable(DateTimeText),
    attempts: Type.Array(AttemptOut, { description: 'Every attempt, oldest first' }),
  }),
);

export const DeliveryListQuery = Type.Object({
  status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')])),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'From 1; default 1' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'Default 50, capped at 200' })),
});

export const DeliveryPage = named(
  'WebhookDeliveryPage',
  Type.Object({
    data: Type.Array(DeliveryOut),
    page: Type.Integer({ minimum: 1 }),
    limit: Type.Integer({ minimum: 1 }),
    total: Type.Integer({ minimum: 0 }),
    total_pages: Type.Integer({ minimum: 0 }),
  }),
);

export const EventTypeList = Type.Array(Type.Object({ type: EventType, description: Type.String() }), {
  description: 'Every event type an endpoint may subscribe to',
});

export type EndpointCreateInput = Static<typeof EndpointCreateBody>;
export type EndpointUpdateInput = Static<typeof EndpointUpdateBody>;
export type EndpointOutput = Static<typeof EndpointOut>;
export type DeliveryOutput = Static<typeof DeliveryOut>;
export type DeliveryListInput = Static<typeof DeliveryListQuery>;
