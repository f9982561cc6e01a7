import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { errorRef, FileAnswer, FileUpload, IdParams, Listing, Ok } from '../../http/schemas.js';
import { badRequest } from '../../lib/errors.js';
import * as orders from './orders.js';
import {
  PACKING_SLIP_MAX_BYTES,
  PACKING_SLIP_TYPES,
  packingSlipArchive,
  readPackingSlip,
  uploadPackingSlip,
} from './packing-slips.js';
import {
  OrderCreateBody,
  OrderItemsBody,
  OrderListQuery,
  OrderOut,
  OrderSummaryOut,
  OrderUpdateBody,
  PackingSlipUploaded,
  PackingSlipZipQuery,
  SupplierCreateBody,
  SupplierDetailOut,
  SupplierListQuery,
  SupplierOut,
  SupplierUpdateBody,
} from './schemas.js';
import * as suppliers from './service.js';
import { PACKING_SLIP_VIEW_CSP, packingSlipViewLink, viewPackingSlip } from './packing-slip-view.js';
import { Type } from 'typebox';

const tags = ['suppliers'];

/** Suppliers, purchase orders and packing slips, all under /api/suppliers. */
export async function suppliersRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  // ---------------------------------------------------------------- purchase orders

  app.get('/api/suppliers/orders', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listPurchaseOrders',
      tags,
      summary: 'List purchase orders, newest first (order_date, then id, descending)',
      description:
        'Each with `supplier_name`, `item_count` (lines), `total_quantity` and `total_cost`. `status` filters; `page` activates pagination.',
      querystring: OrderListQuery,
      response: { 200: Listing(OrderSummaryOut), 400: errorRef },
    },
    handler: (request) => orders.listOrders(ctx.db, request.query),
  });

  app.post('/api/suppliers/orders', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'createPurchaseOrder',
      tags,
      summary: 'Create a purchase order (status `created`, no items)',
      description:
        '`order_number` is generated (IO + two-digit year + four digits, restarting each year). `staff_id` defaults to the caller; `order_date` to today in the salon time zone. ' +
        'An unknown supplier is 400 `unknown_supplier`, a deactivated one 400 `supplier_inactive`, an unknown or deactivated staff member 400 `unknown_staff`.',
      body: OrderCreateBody,
      response: { 201: OrderOut, 400: errorRef },
    },
    handler: async (request, reply) => {
      const order = await orders.createOrder(ctx, currentUser(request), request.body);
      return reply.status(201).send(order);
    },
  });

  app.get('/api/suppliers/orders/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getPurchaseOrder',
      tags,
      summary: 'One purchase order with all its lines',
      params: IdParams,
      response: { 200: OrderOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => orders.getOrder(ctx.db, request.params.id),
  });

  app.put('/api/suppliers/orders/:id/items', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'replacePurchaseOrderItems',
      tags,
      summary: 'Replace all lines of a purchase order',
      description:
        'The list replaces every line at once (an empty list removes them all); at most 500 lines. Only while the order is `created` or `ordered`: otherwise 409 `order_locked`. ' +
        'An unknown product is 400 `unknown_product` naming the line.',
      params: IdParams,
      body: OrderItemsBody,
      response: { 200: OrderOut, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: (request) => orders.replaceItems(ctx, request.params.id, request.body),
  });

  app.put('/api/suppliers/orders/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'updatePurchaseOrder',
      tags,
      summary: 'Update a purchase order; only the fields present change',
      description:
        'Status changes: created ⇄ ordered, created/ordered → cancelled, cancelled → created, any → received. ' +
        '`received` adds every line to stock (stock transactions with reason `delivery`) and sets `received_date` to today unless given; ' +
        'sending `received` again is a no-op. Leaving `received`, or another change not listed, is 409 `invalid_transition`: delete the order to undo a receipt. ' +
        '`received_date` only on a received order (or with `status: received`): otherwise 409 `order_not_received`.',
      params: IdParams,
      body: OrderUpdateBody,
      response: { 200: OrderOut, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: (request) => orders.updateOrder(ctx, currentUser(request), request.params.id, request.body),
  });

  app.delete('/api/suppliers/orders/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'deletePurchaseOrder',
      tags,
      summary: 'Delete a purchase order, whatever its status',
      description:
        'A received order takes its stock back out (stock transactions with reason `delivery_reversal`). Its packing slip file is removed.',
      params: IdParams,
      response: { 200: Ok, 400: errorRef, 404: errorRef },
    },
    handler: async (request) => {
      await orders.deleteOrder(ctx, currentUser(request), request.params.id);
      return { ok: true as const };
    },
  });

  // ---------------------------------------------------------------- packing slips

  app.post('/api/suppliers/orders/:id/packing-slip', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'uploadPackingSlip',
      tags,
      summary: 'Upload the packing slip of a purchase order (multipart field `file`)',
      description:
        'PDF, JPEG, PNG, GIF or WebP, decided by the file content; at most 10 MB (413); another type is 415. ' +
        'The file is named `{order_number}_{creditor_number}_{YYYYMMDD}.{ext}` with the received date (today while not received; it follows the received date later). ' +
        'A new upload replaces the previous file.',
      consumes: ['multipart/form-data'],
      multipartBody: FileUpload('file', 'The packing slip: PDF, JPEG, PNG, GIF or WebP, at most 10 MB'),
      params: IdParams,
      response: { 200: PackingSlipUploaded, 400: errorRef, 404: errorRef, 413: errorRef, 415: errorRef },
    },
    handler: async (request) => {
      if (!request.isMultipart()) {
        throw badRequest('file_required', 'Send the packing slip as multipart/form-data in the field "file"');
      }
      const file = await request.file({ limits: { fileSize: PACKING_SLIP_MAX_BYTES, files: 1 } });
      if (!file || file.fieldname !== 'file') {
        throw badRequest('file_required', 'The multipart field "file" with a file is required');
      }
      return uploadPackingSlip(ctx, request.params.id, await file.toBuffer());
    },
  });

  app.get('/api/suppliers/orders/:id/packing-slip', {
    config: { auth: 'user' },
    schema: {
      operationId: 'downloadPackingSlip',
      tags,
      summary: 'Download the packing slip of a purchase order',
      description: 'The file with its content type, as an attachment under its generated name. 404 when none.',
      params: IdParams,
      response: {
        200: FileAnswer('The packing slip, as an attachment under its generated name', PACKING_SLIP_TYPES, true),
        400: errorRef,
        404: errorRef,
      },
    },
    handler: async (request, reply) => {
      const slip = await readPackingSlip(ctx, request.params.id);
      return reply
        .header('content-type', slip.contentType)
        .header('content-disposition', `attachment; filename="${slip.filename}"`)
        .send(slip.stream);
    },
  });

  app.post('/api/suppliers/orders/:id/packing-slip/view-link', {
    config: { auth: 'user' },
    schema: {
      operationId: 'createPackingSlipViewLink',
      tags,
      summary: 'An address that shows the packing slip inside a page, for five minutes',
      description:
        'For a frame or an image, which cannot send a token: the address needs none, answers the current slip for five minutes ' +
        '(`expires_at`), and stops as soon as the slip is replaced or removed (404). 404 when the order has no slip.',
      params: IdParams,
      response: {
        200: Type.Object({
          url: Type.String({ description: 'A path on this service' }),
          expires_at: Type.String({ description: 'ISO 8601, UTC' }),
        }),
        400: errorRef,
        404: errorRef,
      },
    },
    handler: (request) => packingSlipViewLink(ctx, request.params.id),
  });

  app.get('/api/suppliers/orders/:id/packing-slip/view/:token', {
    config: { auth: 'none' },
    schema: {
      operationId: 'viewPackingSlip',
      tags,
      summary: 'The packing slip shown inline (the address from view-link)',
      description:
        'The file with the type found in its bytes at upload, `Content-Disposition: inline`, `X-Content-Type-Options: nosniff` ' +
        "and a policy of its own (`sandbox; default-src 'none'`): a document with a script in it cannot run it, nor reach the office. " +
        'Not cached beyond the page. An unknown, forged, expired or outdated address: 404.',
      params: Type.Object({ id: IdParams.properties.id, token: Type.String({ minLength: 1, maxLength: 128 }) }),
      response: {
        200: FileAnswer('The packing slip, shown inline (Content-Disposition: inline)', PACKING_SLIP_TYPES, false),
        400: errorRef,
        404: errorRef,
      },
    },
    handler: async (request, reply) => {
      const slip = await viewPackingSlip(ctx, request.params.id, request.params.token);
      return reply
        .header('content-type', slip.contentType)
        .header('content-disposition', `inline; filename="${slip.filename}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', PACKING_SLIP_VIEW_CSP)
        .header('cache-control', 'private, no-store')
        .send(slip.stream);
    },
  });

  app.get('/api/suppliers/packing-slips/zip', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'downloadPackingSlipsZip',
      tags,
      summary: "A ZIP archive of one year's packing slips",
      description:
        '`year` defaults to the current year in the salon time zone. A slip counts for the year of its order’s received date, or of its upload date while the order is not received. ' +
        'Streamed; a year without slips gives an empty (valid) archive.',
      querystring: PackingSlipZipQuery,
      response: {
        200: FileAnswer(
          "A ZIP archive of the year's packing slips (empty when there are none)",
          ['application/zip'],
          true,
        ),
        400: errorRef,
      },
    },
    handler: async (request, reply) => {
      const archive = await packingSlipArchive(ctx, request.query.year);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${archive.filename}"`)
        .send(archive.stream);
    },
  });

  // ---------------------------------------------------------------- suppliers

  app.get('/api/suppliers', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listSuppliers',
      tags,
      summary: 'List suppliers by name (case-insensitive), then id',
      description:
        '`active=true`: only active suppliers; `active=false`: only inactive ones. `page` activates pagination.',
      querystring: SupplierListQuery,
      response: { 200: Listing(SupplierOut), 400: errorRef },
    },
    handler: (request) => suppliers.listSuppliers(ctx.db, request.query),
  });

  app.post('/api/suppliers', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'createSupplier',
      tags,
      summary: 'Create a supplier',
      description:
        '`creditor_number` is generated (CRED001, CRED002 …). `email` must be valid and `website` an http(s) URL unless empty.',
      body: SupplierCreateBody,
      response: { 201: SupplierOut, 400: errorRef },
    },
    handler: async (request, reply) => {
      const supplier = await suppliers.createSupplier(ctx, request.body);
      return reply.status(201).send(supplier);
    },
  });

  app.get('/api/suppliers/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getSupplier',
      tags,
      summary: 'One supplier with its 20 most recent purchase orders',
      description:
        'The spec leaves the auth level of this endpoint open; it needs a signed-in user (any role). `orders` are newest first (order_date, then id), in the shape of the order list.',
      params: IdParams,
      response: { 200: SupplierDetailOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => suppliers.getSupplier(ctx.db, request.params.id),
  });

  app.put('/api/suppliers/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'updateSupplier',
      tags,
      summary: 'Update a supplier; only the fields present change',
      description: '`active: 0` deactivates the supplier: no new purchase orders, its history kept.',
      params: IdParams,
      body: SupplierUpdateBody,
      response: { 200: SupplierOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => suppliers.updateSupplier(ctx, request.params.id, request.body),
  });

  app.delete('/api/suppliers/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'deleteSupplier',
      tags,
      summary: 'Delete a supplier',
      description:
        'A supplier still referenced by purchase orders or products gives 409 `supplier_in_use`: deactivate it instead (`active: 0`).',
      params: IdParams,
      response: { 200: Ok, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: async (request) => {
      await suppliers.deleteSupplier(ctx, request.params.id);
      return { ok: true as const };
    },
  });
}
