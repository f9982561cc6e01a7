import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { errorRef, IdParams } from '../../http/schemas.js';
import { ReceiptEmailBody, ReceiptEmailOut, ReceiptOut, RefundReceiptParams } from './receipt-schemas.js';
import * as pos from './service.js';

const tags = ['pos'];

/*
 * Receipts: any signed-in user, like the order they belong to. The email is queued in the
 * outbox (202): the mail server is talked to by the job that sends it.
 */
export async function receiptRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/pos/:id/receipt', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getPosReceipt',
      tags,
      summary: 'The receipt of a paid order',
      description:
        'The salon (name, address, `btw_number`, `kvk_number`), the receipt number, the lines, the VAT per rate, the payments and the change given. 409 `order_not_paid` (not paid yet, or voided).',
      params: IdParams,
      response: { 200: ReceiptOut, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: (request) => pos.orderReceipt(ctx.db, request.params.id),
  });

  app.get('/api/pos/:id/refunds/:refund_id/receipt', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getPosRefundReceipt',
      tags,
      summary: 'The receipt of a completed refund',
      description: '404 when the refund is not this order’s; 409 `refund_not_completed` (still with the provider).',
      params: RefundReceiptParams,
      response: { 200: ReceiptOut, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: (request) => pos.refundReceipt(ctx.db, request.params.id, request.params.refund_id),
  });

  app.post('/api/pos/:id/receipt/email', {
    config: { auth: 'user' },
    schema: {
      operationId: 'emailPosReceipt',
      tags,
      summary: 'Email the receipt of a paid order, in the client’s language',
      description:
        'To `to`, else the client’s address. 409 `order_not_paid`, `client_no_email` (no address known). Answers 202 once queued.',
      params: IdParams,
      body: ReceiptEmailBody,
      response: { 202: ReceiptEmailOut, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: async (request, reply) => {
      const receipt = await pos.orderReceipt(ctx.db, request.params.id);
      return reply.status(202).send(await pos.emailReceipt(ctx.db, receipt, request.body ?? {}));
    },
  });

  app.post('/api/pos/:id/refunds/:refund_id/receipt/email', {
    config: { auth: 'user' },
    schema: {
      operationId: 'emailPosRefundReceipt',
      tags,
      summary: 'Email the receipt of a refund, in the client’s language',
      description: 'As for a sale’s receipt. 409 `refund_not_completed`, `client_no_email`.',
      params: RefundReceiptParams,
      body: ReceiptEmailBody,
      response: { 202: ReceiptEmailOut, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: async (request, reply) => {
      const receipt = await pos.refundReceipt(ctx.db, request.params.id, request.params.refund_id);
      return reply.status(202).send(await pos.emailReceipt(ctx.db, receipt, request.body ?? {}));
    },
  });
}
