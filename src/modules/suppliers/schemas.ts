import { Type, type Static } from 'typebox';
import {
  DateText,
  DateTimeText,
  Email,
  Flag,
  Id,
  named,
  NonEmpty,
  PageQuery,
  withExample,
} from '../../http/schemas.js';

/* Suppliers, purchase orders and packing slips (spec parts 2, 3 and 4.5), under /api/suppliers. */

const FlagOut = Type.Integer({ minimum: 0, maximum: 1, description: '0 or 1' });
const Money = Type.Number({ description: 'Currency units, e.g. 12.5' });
const NullableDate = Type.Union([DateText, Type.Null()]);

// ---------------------------------------------------------------- suppliers

export const SupplierOut = named(
  'Supplier',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    contact_person: Type.String(),
    email: Type.String(),
    phone: Type.String(),
    address: Type.String(),
    notes: Type.String(),
    website: Type.String(),
    active: FlagOut,
    creditor_number: Type.String({ description: 'Generated: CRED001, CRED002 …', examples: ['CRED001'] }),
    created_at: DateTimeText,
    updated_at: DateTimeText,
  }),
);

// A website is shown as a link: only http(s), so that `javascript:` can never be stored.
const Website = Type.Union(
  [Type.String({ format: 'uri', pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s]+$', maxLength: 500 }), Type.Literal('')],
  { description: 'An http(s) URL such as https://supplier.example, or empty' },
);

const supplierFields = {
  name: NonEmpty(200),
  contact_person: Type.Optional(Type.String({ maxLength: 200 })),
  email: Type.Optional(Type.Union([Email, Type.Literal('')], { description: 'A valid email address, or empty' })),
  phone: Type.Optional(Type.String({ maxLength: 50 })),
  address: Type.Optional(Type.String({ maxLength: 500 })),
  notes: Type.Optional(Type.String({ maxLength: 5000 })),
  website: Type.Optional(Website),
};

export const SupplierCreateBody = Type.Object(supplierFields);

export const SupplierUpdateBody = Type.Object({
  ...supplierFields,
  name: Type.Optional(supplierFields.name),
  active: Type.Optional(Flag),
});

export const SupplierListQuery = Type.Object({
  active: Type.Optional(
    Type.Boolean({ description: '`true`: only active suppliers; `false`: only inactive ones; absent: all' }),
  ),
  ...PageQuery,
});

// ---------------------------------------------------------------- purchase orders

export const OrderStatus = Type.Union(
  [Type.Literal('created'), Type.Literal('ordered'), Type.Literal('received'), Type.Literal('cancelled')],
  { description: 'created, ordered, received or cancelled (spec part 3)' },
);

const orderFields = {
  id: Type.Integer(),
  order_number: Type.String({ description: 'Generated: IO + two-digit year + four digits', examples: ['IO260001'] }),
  supplier_id: Type.Integer(),
  supplier_name: Type.String(),
  creditor_number: Type.String(),
  staff_id: Type.Union([Type.Integer(), Type.Null()]),
  staff_name: Type.Union([Type.String(), Type.Null()]),
  notes: Type.String(),
  order_date: DateText,
  expected_date: NullableDate,
  received_date: NullableDate,
  packing_slip_number: Type.String(),
  packing_slip: Type.Union([Type.String(), Type.Null()], {
    description: 'File name of the uploaded packing slip, or null',
    examples: ['IO260001_CRED001_20260315.pdf'],
  }),
  status: OrderStatus,
  created_at: DateTimeText,
  updated_at: DateTimeText,
};

export const OrderSummaryOut = named(
  'PurchaseOrderSummary',
  Type.Object({
    ...orderFields,
    item_count: Type.Integer({ description: 'Number of lines' }),
    total_quantity: Type.Integer({ description: 'Sum of the quantities of all lines' }),
    total_cost: Type.Number({ description: 'Sum of quantity × unit_cost, in currency units' }),
  }),
);

export const OrderItemOut = named(
  'PurchaseOrderLine',
  Type.Object({
    id: Type.Integer(),
    product_id: Type.Integer(),
    product_name: Type.String(),
    sku: Type.String(),
    quantity: Type.Integer(),
    unit_cost: Money,
  }),
);

export const OrderOut = named('PurchaseOrder', Type.Object({ ...orderFields, items: Type.Array(OrderItemOut) }));

export const SupplierDetailOut = named(
  'SupplierDetail',
  Type.Object({
    ...SupplierOut.properties,
    orders: Type.Array(OrderSummaryOut, { description: 'The 20 most recent purchase orders, newest first' }),
  }),
);

export const OrderCreateBody = withExample(
  Type.Object({
    supplier_id: Id,
    staff_id: Type.Optional(Id),
    notes: Type.Optional(Type.String({ maxLength: 5000 })),
    order_date: Type.Optional(DateText),
    expected_date: Type.Optional(NullableDate),
  }),
  { supplier_id: 1, order_date: '2030-05-14', expected_date: '2030-05-21' },
);

export const OrderUpdateBody = Type.Object({
  status: Type.Optional(OrderStatus),
  notes: Type.Optional(Type.String({ maxLength: 5000 })),
  order_date: Type.Optional(DateText),
  expected_date: Type.Optional(NullableDate),
  received_date: Type.Optional(DateText),
  packing_slip_number: Type.Optional(Type.String({ maxLength: 100 })),
});

export const MAX_ORDER_LINES = 500;

export const OrderItemsBody = Type.Object({
  items: Type.Array(
    Type.Object({
      product_id: Id,
      quantity: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
      unit_cost: Type.Number({ minimum: 0, maximum: 1_000_000, description: 'Currency units; kept to 2 decimals' }),
    }),
    { maxItems: MAX_ORDER_LINES, description: `The complete new list of lines, at most ${MAX_ORDER_LINES}` },
  ),
});

export const OrderListQuery = Type.Object({
  status: Type.Optional(OrderStatus),
  ...PageQuery,
});

// ---------------------------------------------------------------- packing slips

export const PackingSlipUploaded = Type.Object({
  ok: Type.Literal(true),
  filename: Type.String({ examples: ['IO260001_CRED001_20260315.pdf'] }),
});

export const PackingSlipZipQuery = Type.Object({
  year: Type.Optional(
    Type.Integer({ minimum: 2000, maximum: 9999, description: 'Default: the current year in the salon time zone' }),
  ),
});

export type SupplierCreateInput = Static<typeof SupplierCreateBody>;
export type SupplierUpdateInput = Static<typeof SupplierUpdateBody>;
export type SupplierListFilter = Static<typeof SupplierListQuery>;
export type SupplierOutput = Static<typeof SupplierOut>;
export type SupplierDetailOutput = Static<typeof SupplierDetailOut>;
export type OrderCreateInput = Static<typeof OrderCreateBody>;
export type OrderUpdateInput = Static<typeof OrderUpdateBody>;
export type OrderItemsInput = Static<typeof OrderItemsBody>;
export type OrderListFilter = Static<typeof OrderListQuery>;
export type OrderOutput = Static<typeof OrderOut>;
export type OrderSummaryOutput = Static<typeof OrderSummaryOut>;
export type OrderStatusValue = Static<typeof OrderStatus>;
