import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { errorRef, IdParams, Listing, Ok } from '../../http/schemas.js';
import * as categories from './categories.js';
import * as products from './products.js';
import {
  ConsumeBody,
  DeleteResult,
  ProductCategoryCreateBody,
  ProductCategoryOut,
  ProductCategoryUpdateBody,
  ProductCreateBody,
  ProductListQuery,
  ProductOut,
  ProductUpdateBody,
  StockTransactionOut,
  TransactionListQuery,
} from './schemas.js';
import * as transactions from './transactions.js';

const tags = ['inventory'];

/** Products, product categories, stock transactions and internal consumption. */
export async function inventoryRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  // ---------------------------------------------------------------- products

  app.get('/api/inventory/products', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listProducts',
      tags,
      summary: 'List the products by name, then id',
      description:
        'Active products only, each with `category_name`, `category_color` and `supplier_name` (`null` when unset). `search` matches a part of the name, SKU, EAN code or article number (case-insensitive; `%` and `_` are literal). `supplier_id` and `category_id` filter. `low_stock_first=true` puts the products at or below their threshold first. A plain array; with `page`, the paginated envelope.',
      querystring: ProductListQuery,
      response: { 200: Listing(ProductOut), 400: errorRef },
    },
    handler: (request) => products.listProducts(ctx.db, request.query),
  });

  app.get('/api/inventory/products/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getProduct',
      tags,
      summary: 'One product',
      description: '404 for an unknown or archived (deleted) product.',
      params: IdParams,
      response: { 200: ProductOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => products.getProduct(ctx.db, request.params.id),
  });

  app.post('/api/inventory/products', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'createProduct',
      tags,
      summary: 'Create a product',
      description:
        '`article_number` is generated (`ART_PRODUCT001`, …). Money in currency units (`price` VAT included), ≥ 0. Without `vat_rate_id` the default VAT rate is applied (`null` when there is none). A `quantity_on_hand` other than 0 is recorded as a stock transaction (`adjustment`, note `initial stock`). `low_stock_threshold` defaults to 5. 400 `unknown_category`, `unknown_supplier`, `unknown_vat_rate` (the rate must exist and not be disabled).',
      body: ProductCreateBody,
      response: { 201: ProductOut, 400: errorRef },
    },
    handler: async (request, reply) => {
      const product = await products.createProduct(ctx, currentUser(request), request.body);
      return reply.status(201).send(product);
    },
  });

  app.put('/api/inventory/products/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'updateProduct',
      tags,
      summary: 'Update a product; only the fields present change',
      description:
        '`category_id`/`supplier_id` `null` removes the link. `quantity_on_hand` (the stock count) can change only while the setting `purchase_orders_enabled` is 0: then the difference is recorded as a stock transaction (`adjustment`). While purchase orders are on, a different value is 409 `stock_managed_by_purchase_orders`; the unchanged value is accepted.',
      params: IdParams,
      body: ProductUpdateBody,
      response: { 200: ProductOut, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: (request) => products.updateProduct(ctx, currentUser(request), request.params.id, request.body),
  });

  app.delete('/api/inventory/products/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'deleteProduct',
      tags,
      summary: 'Delete a product, or archive it while records still refer to it',
      description:
        'A product nothing refers to is deleted (`archived: false`). One with stock transactions or purchase order lines is archived instead (`archived: true`): it leaves the lists and answers 404 from then on, while its history keeps pointing at it.',
      params: IdParams,
      response: { 200: DeleteResult, 400: errorRef, 404: errorRef },
    },
    handler: async (request) => {
      const { archived } = await products.deleteProduct(ctx, request.params.id);
      return { ok: true as const, archived };
    },
  });

  app.post('/api/inventory/products/:id/consume', {
    config: { auth: 'user' },
    schema: {
      operationId: 'consumeProduct',
      tags,
      summary: 'Record internal consumption: products used in the salon, not sold',
      description:
        'Lowers `quantity_on_hand` by `quantity` and records a stock transaction (`internal_consumption`, by the caller, with `note`). Stock may go below zero. 409 `internal_consumption_disabled` while the setting `internal_consumption_enabled` is 0. Answers the updated product.',
      params: IdParams,
      body: ConsumeBody,
      response: { 200: ProductOut, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: (request) => transactions.consumeProduct(ctx, currentUser(request), request.params.id, request.body),
  });

  // ---------------------------------------------------------------- product categories

  app.get('/api/inventory/categories', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listProductCategories',
      tags,
      summary: 'List the product categories by position, then id',
      description:
        'The spec leaves the auth level of this endpoint open; reads need a signed-in user (any role), changes an admin. A plain array.',
      response: { 200: Type.Array(ProductCategoryOut) },
    },
    handler: () => categories.listCategories(ctx.db),
  });

  app.post('/api/inventory/categories', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'createProductCategory',
      tags,
      summary: 'Create a product category',
      description:
        '`color` is `#rrggbb` (default `#6e56cf`, stored lower-cased). Without `position` the category goes to the end of the list.',
      body: ProductCategoryCreateBody,
      response: { 201: ProductCategoryOut, 400: errorRef },
    },
    handler: async (request, reply) => {
      const category = await categories.createCategory(ctx, request.body);
      return reply.status(201).send(category);
    },
  });

  app.put('/api/inventory/categories/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'updateProductCategory',
      tags,
      summary: 'Update a product category; only the fields present change',
      params: IdParams,
      body: ProductCategoryUpdateBody,
      response: { 200: ProductCategoryOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => categories.updateCategory(ctx, request.params.id, request.body),
  });

  app.delete('/api/inventory/categories/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'deleteProductCategory',
      tags,
      summary: 'Delete a product category',
      description: 'Its products stay, without a category (`category_id: null`).',
      params: IdParams,
      response: { 200: Ok, 400: errorRef, 404: errorRef },
    },
    handler: async (request) => {
      await categories.deleteCategory(ctx, request.params.id);
      return { ok: true as const };
    },
  });

  // ---------------------------------------------------------------- stock transactions

  app.get('/api/inventory/transactions', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listStockTransactions',
      tags,
      summary: 'List stock transactions, newest first',
      description:
        'Each change of a stock count: `delta` (+ in, − out), `reason` (`delivery`, `delivery_reversal`, `sale`, `sale_reversal`, `adjustment`, `internal_consumption`), `quantity_after`, who made it. Filters: `product_id`; `from`/`to`, dates in the salon time zone, both inclusive (`to` covers its whole day); `reason`. A plain array; with `page`, the paginated envelope.',
      querystring: TransactionListQuery,
      response: { 200: Listing(StockTransactionOut), 400: errorRef },
    },
    handler: (request) => transactions.listTransactions(ctx.db, request.query),
  });
}
