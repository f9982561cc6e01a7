import { Type, type Static } from 'typebox';
import { DateTimeText, Id, named, PageQuery } from '../../http/schemas.js';

export const PaymentPurposeSchema = Type.Union([
  Type.Literal('pos_order'),
  Type.Literal('noshow_fee'),
  Type.Literal('deposit'),
]);
export const PaymentStatusSchema = Type.Union(
  ['pending', 'paid', 'failed', 'cancelled'].map((status) => Type.Literal(status)),
);

export const PaymentOut = named(
  'Payment',
  Type.Object({
    id: Type.Integer(),
    purpose: PaymentPurposeSchema,
    reference_id: Type.Integer({
      description:
        'The POS order id (pos_order), the booking id (noshow_fee), or the booking id of a deposit (deposit; a visit: its first part)',
    }),
    provider: Type.String({
      description: '`cardpay`, `onlinepay`, `checkout`, `terminal` (standalone card terminal) or `none`',
    }),
    status: PaymentStatusSchema,
    amount: Type.Number({ description: 'Currency units' }),
    checkout_url: Type.Union([Type.String(), Type.Null()], { description: 'Where the client pays, if hosted' }),
    error: Type.Union([Type.String(), Type.Null()]),
    created_at: DateTimeText,
    updated_at: DateTimeText,
  }),
);

export const PaymentsQuery = Type.Object({
  purpose: Type.Optional(PaymentPurposeSchema),
  reference_id: Type.Optional(Id),
  status: Type.Optional(PaymentStatusSchema),
  ...PageQuery,
});
export type PaymentsQuery = Static<typeof PaymentsQuery>;

export const WebhookAck = Type.Object({ received: Type.Literal(true) });

export const CallbackParams = Type.Object({
  payment_id: Id,
  token: Type.String({ minLength: 1, maxLength: 100 }),
});

/** Mollie's webhook: `id=tr_…`, form-encoded. */
export const OnlinepayCallbackBody = Type.Object({ id: Type.Optional(Type.String({ maxLength: 100 })) });

/** SumUp's reader callback (`solo.transaction.updated`); only the transaction id is used. */
export const CardpayCallbackBody = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 100 })),
  event_type: Type.Optional(Type.String({ maxLength: 100 })),
  payload: Type.Optional(
    Type.Object({
      client_transaction_id: Type.Optional(Type.String({ maxLength: 100 })),
      status: Type.Optional(Type.String({ maxLength: 50 })),
    }),
  ),
});

export const CheckoutWebhookHeaders = Type.Object({
  'stripe-signature': Type.Optional(Type.String({ maxLength: 2000 })),
});

/** The raw JSON text of the event: the signature covers the bytes as sent. */
export const CheckoutWebhookBody = Type.String({ maxLength: 1024 * 1024, description: 'The event, JSON' });
