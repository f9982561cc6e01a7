import { Type, type Static, type TSchema } from 'typebox';
import { DateText, DateTimeText, Id, named, NonEmpty, PageQuery } from '../../http/schemas.js';
import { STOCK_REASONS } from './stock.js';

/* Products, product categories and stock transactions, under /api/inventory. */

function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

const HexColor = Type.String({
  pattern: '^#[0-9a-fA-F]{6}$',
  description: '`#rrggbb`; stored lower-cased',
  examples: ['#6e56cf'],
});

const Position = Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'Sort key; lists order by it ascending' });

/** Currency units, kept to the cent. */
const Money = (description: string) => Type.Number({ minimum: 0, maximum: 1_000_000, description });

const Count = (description: string) => Type.Integer({ minimum: 0, maximum: 1_000_000, description });

// ---------------------------------------------------------------- product categories

export const ProductCategoryOut = named(
  'ProductCategory',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    color: Type.String({ description: '`#rrggbb`' }),
    position: Type.Integer(),
  }),
);

export const ProductCategoryCreateBody = Type.Object({
  name: NonEmpty(200),
  color: Type.Optional(HexColor),
  position: Type.Optional(Position),
});

export const ProductCategoryUpdateBody = Type.Object({
  name: Type.Optional(NonEmpty(200)),
  color: Type.Optional(HexColor),
  position: Type.Optional(Position),
});

// ---------------------------------------------------------------- products

export const ProductOut = named(
  'Product',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    sku: Type.String(),
    price: Type.Number({ description: 'Sale price in currency units, VAT included' }),
    purchase_price: Type.Number({ description: 'Currency units' }),
    quantity_on_hand: Type.Integer(),
    low_stock_threshold: Type.Integer(),
    category_id: Nullable(Type.Integer()),
    category_name: Nullable(Type.String()),
    category_color: Nullable(Type.String()),
    supplier_id: Nullable(Type.Integer()),
    supplier_name: Nullable(Type.String()),
    vat_rate_id: Nullable(Type.Integer()),
    ean_code: Type.String({ description: 'Barcode; empty when none' }),
    article_number: Type.String({ description: 'Generated: ART_PRODUCT001, ART_PRODUCT002, …' }),
    created_at: DateTimeText,
    updated_at: DateTimeText,
  }),
);

const productFields = {
  name: NonEmpty(200),
  sku: NonEmpty(100),
  price: Money('Sale price in currency units, VAT included, ≥ 0'),
  purchase_price: Money('Purchase price in currency units, ≥ 0'),
  quantity_on_hand: Count('Current stock'),
  low_stock_threshold: Type.Optional(Count('Alert when stock falls to this or below; default 5')),
  category_id: Type.Optional(Nullable(Id)),
  supplier_id: Type.Optional(Nullable(Id)),
  vat_rate_id: Type.Optional(Id),
  ean_code: Type.Optional(Type.String({ maxLength: 64, description: 'Barcode' })),
};

export const ProductCreateBody = Type.Object(productFields);

export const ProductUpdateBody = Type.Object({
  ...productFields,
  name: Type.Optional(productFields.name),
  sku: Type.Optional(productFields.sku),
  price: Type.Optional(productFields.price),
  purchase_price: Type.Optional(productFields.purchase_price),
  quantity_on_hand: Type.Optional(productFields.quantity_on_hand),
});

export const ProductListQuery = Type.Object({
  search: Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'Case-insensitive part of the name, SKU, EAN code or article number',
    }),
  ),
  supplier_id: Type.Optional(Id),
  category_id: Type.Optional(Id),
  low_stock_first: Type.Optional(
    Type.Boolean({
      description:
        '`true`: products at or below their `low_stock_threshold` first (then by name), so the ones to reorder lead the list',
    }),
  ),
  ...PageQuery,
});

export const ConsumeBody = Type.Object({
  quantity: Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'How many were used' }),
  note: Type.Optional(Type.String({ maxLength: 500 })),
});

export const DeleteResult = Type.Object({
  ok: Type.Literal(true),
  archived: Type.Boolean({
    description: '`true`: still referenced (stock history, purchase orders), so archived instead of deleted',
  }),
});

// ---------------------------------------------------------------- stock transactions

export const StockTransactionOut = named(
  'StockTransaction',
  Type.Object({
    id: Type.Integer(),
    product_id: Type.Integer(),
    product_name: Type.String(),
    delta: Type.Integer({ description: 'Positive = stock in, negative = stock out' }),
    reason: Type.String({ description: `One of: ${STOCK_REASONS.join(', ')}` }),
    quantity_after: Type.Integer({ description: 'quantity_on_hand right after this change' }),
    note: Type.String(),
    purchase_order_id: Nullable(Type.Integer()),
    user_id: Nullable(Type.Integer()),
    user_name: Nullable(Type.String()),
    created_at: DateTimeText,
  }),
);

export const TransactionListQuery = Type.Object({
  product_id: Type.Optional(Id),
  from: Type.Optional(DateText),
  to: Type.Optional(DateText),
  reason: Type.Optional(
    Type.Union(
      STOCK_REASONS.map((reason) => Type.Literal(reason)),
      { description: 'Only the transactions with this reason' },
    ),
  ),
  ...PageQuery,
});

export type ProductCategoryCreateInput = Static<typeof ProductCategoryCreateBody>;
export type ProductCategoryUpdateInput = Static<typeof ProductCategoryUpdateBody>;
export type ProductCategoryOutput = Static<typeof ProductCategoryOut>;
export type ProductCreateInput = Static<typeof ProductCreateBody>;
export type ProductUpdateInput = Static<typeof ProductUpdateBody>;
export type ProductListInput = Static<typeof ProductListQuery>;
export type ProductOutput = Static<typeof ProductOut>;
export type ConsumeInput = Static<typeof ConsumeBody>;
export type StockTransactionOutput = Static<typeof StockTransactionOut>;
export type TransactionListInput = Static<typeof TransactionListQuery>;
