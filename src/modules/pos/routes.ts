import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { DateText, errorRef, FileAnswer, IdParams, Listing, named } from '../../http/schemas.js';
import { listFavorites, saveFavorites } from './favorites.js';
import { createOrderAndCollect } from './payment.js';
import { idempotencyKeyOf } from '../../db/idempotency.js';
import { conflict } from '../../lib/errors.js';
import { cancelPayment } from '../payments/service.js';
import {
  FavoriteOut,
  FavoritesBody,
  ItemSearchOut,
  ItemSearchQuery,
  OrderCreateBody,
  OrderListQuery,
  OrderOut,
  OrderSummaryOut,
  RefundCreateBody,
  RefundOut,
  VoidBody,
} from './schemas.js';
import * as pos from './service.js';
import { drawerRoutes } from './drawer-routes.js';
import { receiptRoutes } from './receipt-routes.js';
import { searchItems } from './item-search.js';
import { journalEntriesPage } from './journal-entries.js';
import { PageQuery } from '../../http/pagination.js';

const tags = ['pos'];

const JournalVerificationOut = named(
  'PosJournalVerification',
  Type.Object({
    ok: Type.Boolean(),
    entries: Type.Integer({ description: 'Entries checked, up to the first broken one' }),
    last_receipt_number: Type.Union([Type.String(), Type.Null()]),
    first_broken: Type.Union([
      Type.Object({
        id: Type.Integer(),
        year: Type.Integer(),
        number: Type.Integer(),
        receipt_number: Type.String(),
        problem: Type.String(),
      }),
      Type.Null(),
    ]),
    took_ms: Type.Integer(),
  }),
);

const JournalEntriesPageOut = named(
  'PosJournalEntriesPage',
  Type.Object({
    data: Type.Array(
      Type.Object({
        id: Type.Integer(),
        receipt_number: Type.String(),
        year: Type.Integer(),
        number: Type.Integer(),
        kind: Type.Union([Type.Literal('sale'), Type.Literal('refund'), Type.Literal('void'), Type.Literal('cash')]),
        created_at: Type.String({ description: 'As stored and hashed: UTC, ISO 8601' }),
        order_id: Type.Union([Type.Integer(), Type.Null()]),
        refund_id: Type.Union([Type.Integer(), Type.Null()]),
        client_id: Type.Union([Type.Integer(), Type.Null()]),
        staff_id: Type.Union([Type.Integer(), Type.Null()]),
        amount: Type.Number({ description: 'Currency units, signed: a refund is negative' }),
        payment_method: Type.Union([Type.String(), Type.Null()], {
          description: 'null on an entry of no payment (the day’s close of the drawer)',
        }),
        prev_hash: Type.String(),
        hash: Type.String(),
        links_to_previous: Type.Boolean({
          description:
            'Its `prev_hash` is the stored hash of the entry before it in the whole journal (the genesis hash for the first). Only the verification recomputes hashes.',
        }),
      }),
    ),
    page: Type.Integer({ minimum: 1 }),
    limit: Type.Integer({ minimum: 1 }),
    total: Type.Integer({ minimum: 0 }),
    total_pages: Type.Integer({ minimum: 0 }),
  }),
);

/** POS orders and favourites, under /api/pos. */
export async function posRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  // Spec routing quirk 3: `/pos/favorites` is never an order id. Fastify's static segment
  // beats `:id`; the favourites routes below serve GET and PUT.
  app.get('/api/pos/favorites', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listPosFavorites',
      tags,
      summary: 'The signed-in staff member’s favourite till items, by position',
      response: { 200: Type.Array(FavoriteOut) },
    },
    handler: (request) => listFavorites(ctx.db, currentUser(request).id),
  });

  app.put('/api/pos/favorites', {
    config: { auth: 'user' },
    schema: {
      operationId: 'replacePosFavorites',
      tags,
      summary: 'Replace the signed-in staff member’s favourites',
      description:
        'An array of `{ type, id, position }` (at most 200; each item once) replaces the whole list. An unknown or archived item is 400 `unknown_item`. Answers the list as GET does.',
      body: FavoritesBody,
      response: { 200: Type.Array(FavoriteOut), 400: errorRef },
    },
    handler: (request) => saveFavorites(ctx.db, currentUser(request).id, request.body),
  });

  // A static segment too: `/pos/items` is never an order id.
  app.get('/api/pos/items', {
    config: { auth: 'user' },
    schema: {
      operationId: 'searchPosItems',
      tags,
      summary: 'The till’s search: active services, products and packages by name; products also by SKU or EAN',
      description:
        'One answer per keystroke: a product whose `ean_code` is exactly `q` comes first with `ean_match: true` (a barcode scanner types the code), then services, products and packages by name, at most `limit` of each.',
      querystring: ItemSearchQuery,
      response: { 200: Type.Array(ItemSearchOut), 400: errorRef },
    },
    handler: (request) => searchItems(ctx.db, request.query, ctx.dialect),
  });

  await drawerRoutes(instance, ctx);
  await receiptRoutes(instance, ctx);

  // Static segments again: `/pos/journal` and `/pos/journal/verify` are never order ids.
  app.get('/api/pos/journal/verify', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'verifyPosJournal',
      tags,
      summary: 'Check the till journal: every hash, the chain and the gap-free numbering',
      description:
        'Walks every entry oldest first. `ok` false names the first broken entry (`first_broken`: its id, receipt number and what is wrong): an entry altered, removed, inserted or renumbered. Nothing after it can be trusted. Also `npm run verify-journal`.',
      response: { 200: JournalVerificationOut },
    },
    handler: () => pos.verifyJournal(ctx.db),
  });

  app.get('/api/pos/journal/entries', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'listPosJournalEntries',
      tags,
      summary: 'The till journal of a period, page by page, for a screen',
      description:
        '`from`/`to`: the salon’s days, both optional and inclusive, as for the CSV. Always one page (`page` from 1, `limit` default 50, capped at 200), oldest first. The entries’ stored fields but their canonical body, which the CSV carries for an auditor.',
      querystring: Type.Object({ from: Type.Optional(DateText), to: Type.Optional(DateText), ...PageQuery }),
      response: { 200: JournalEntriesPageOut, 400: errorRef },
    },
    handler: (request) => journalEntriesPage(ctx.db, request.query),
  });

  app.get('/api/pos/journal', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'exportPosJournal',
      tags,
      summary: 'The till journal of a period as CSV, for an auditor',
      description:
        '`from`/`to`: the salon’s days, both optional and inclusive. Every stored field of each entry, oldest first, so each hash can be recomputed (see the API guide for the canonical form). Amounts in currency units, signed.',
      querystring: Type.Object({ from: Type.Optional(DateText), to: Type.Optional(DateText) }),
      response: { 200: FileAnswer('The entries, `text/csv`', ['text/csv'], true), 400: errorRef },
    },
    handler: async (request, reply) => {
      const csv = await pos.journalCsv(ctx.db, request.query);
      const period = `${request.query.from ?? 'start'}_${request.query.to ?? 'now'}`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="till-journal_${period}.csv"`)
        .send(csv);
    },
  });

  app.get('/api/pos', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listPosOrders',
      tags,
      summary: 'List POS orders, newest first (created_at, then id, descending)',
      description: '`client_id` and `staff_id` filter; `page` activates pagination. Each with `item_count`.',
      querystring: OrderListQuery,
      response: { 200: Listing(OrderSummaryOut), 400: errorRef },
    },
    handler: (request) => pos.listOrders(ctx.db, request.query),
  });

  app.post('/api/pos', {
    config: { auth: 'user' },
    schema: {
      operationId: 'createPosOrder',
      tags,
      summary: 'Ring up an order: lines, discount code, gift card, loyalty points, payment',
      description:
        'See the API guide (POS) for the maths and every rule. 400 `unknown_client`, `client_inactive`, `unknown_staff`, `unknown_item`, `unknown_discount_code`, `unknown_gift_card`, `unknown_reward`; ' +
        '409 `insufficient_stock`, `promotion_not_valid`, `promotion_used_up`, `promotion_client_limit`, `gift_card_expired`, `gift_card_empty`, `loyalty_disabled`, `insufficient_points`, `no_package_credit`, `package_credit_expired` (the only credits with enough left are past their package’s validity); `staff_price_change_not_allowed`: a staff member (not an admin) sent a line `price` other than the catalogue’s while the setting `staff_price_changes_enabled` is off (it is on by default). Answers 201 with the order, its lines, the gift cards it sold and its payment. ' +
        '`booking_id` checks a booking (a visit: every part) out: 404 unknown booking, 400 `booking_other_client`, 409 `booking_checked_out`, `booking_not_checkable`; its deposit paid online is `deposit_amount`, not collected again. ' +
        'An `Idempotency-Key` header (8–128 of `A-Za-z0-9._:-`): a retry with the same key and body from the same user answers the first order as it now stands (header `Idempotent-Replayed: true`) and takes no payment twice; another body is 409 `idempotency_key_reused`.',
      body: OrderCreateBody,
      response: { 201: OrderOut, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: async (request, reply) => {
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const { order, replayed } = await createOrderAndCollect(ctx, currentUser(request), request.body, key);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(order);
    },
  });

  app.get('/api/pos/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getPosOrder',
      tags,
      summary: 'One POS order with its lines',
      description: 'The spec leaves the auth level open: any signed-in user, like the list.',
      params: IdParams,
      response: { 200: OrderOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => pos.getOrder(ctx.db, request.params.id),
  });

  app.post('/api/pos/:id/refunds', {
    config: { auth: 'user' },
    schema: {
      operationId: 'createPosRefund',
      tags,
      summary: 'Refund a paid order, whole or per line, to its payment method, cash or its gift card',
      description:
        'A new record, never an edit of the sale (see the API guide, refunds). Card and online refunds go through the provider that took the payment. `Idempotency-Key` (8–128 of `A-Za-z0-9._:-`): a repeat answers the first refund (and asks the provider again if its answer was lost). ' +
        '400 `validation_failed`, `unknown_order_line`; 404; 409 `refund_exceeds_paid` (beyond what is left), `refund_method_not_allowed` (the method cannot take it), `order_voided`, `order_not_paid`, `refund_refused` (the provider said no; nothing recorded), `idempotency_key_reused`.',
      params: IdParams,
      headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String()) }),
      body: RefundCreateBody,
      response: { 201: RefundOut, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: async (request, reply) => {
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const refund = await pos.createRefund(ctx, currentUser(request), request.params.id, request.body, key);
      return reply.status(201).send(refund);
    },
  });

  app.get('/api/pos/:id/refunds', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listPosRefunds',
      tags,
      summary: 'The refunds of an order, oldest first',
      params: IdParams,
      response: { 200: Type.Array(RefundOut), 400: errorRef, 404: errorRef },
    },
    handler: (request) => pos.listRefunds(ctx, request.params.id),
  });

  app.post('/api/pos/:id/payment/cancel', {
    config: { auth: 'user' },
    schema: {
      operationId: 'cancelPosOrderPayment',
      tags,
      summary: 'Stop the order’s payment waiting at the card reader',
      description:
        'The card terminal provider is asked to stop it; the payment becomes `cancelled` and the order `failed` (void it, or ring it up again). 409 `payment_not_pending` (settled meanwhile: read the order), `payment_not_cancellable` (not a card reader payment); 502 provider unreachable. Answers the order.',
      params: IdParams,
      response: { 200: OrderOut, 400: errorRef, 404: errorRef, 409: errorRef, 502: errorRef },
    },
    handler: async (request) => {
      const order = await pos.getOrder(ctx.db, request.params.id);
      if (!order.payment) throw conflict('payment_not_cancellable', 'This order has no payment at a provider');
      await cancelPayment(ctx, order.payment.id);
      return pos.getOrder(ctx.db, request.params.id);
    },
  });

  app.post('/api/pos/:id/void', {
    config: { auth: 'user' },
    schema: {
      operationId: 'voidPosOrder',
      tags,
      summary: 'Void an order that was never paid, giving back what it moved',
      description:
        'Only an order whose payment failed. 409 `order_paid` (refund it instead), `payment_pending`, `order_voided`. Answers the order with `voided_at`.',
      params: IdParams,
      body: VoidBody,
      response: { 200: OrderOut, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: (request) => pos.voidOrder(ctx, currentUser(request), request.params.id, request.body),
  });
}
