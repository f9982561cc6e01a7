import type { PageWords } from '../../ui/FailureAlert';

/** The stock and supplier rules the service states in a 409 (or a 400 about a choice), in words. */
export const STOCK_WORDS: PageWords = {
  codes: {
    supplier_in_use: 'manage.suppliers.code.supplier_in_use',
    supplier_inactive: 'manage.suppliers.code.supplier_inactive',
    order_locked: 'manage.suppliers.code.order_locked',
    order_not_received: 'manage.suppliers.code.order_not_received',
    unknown_product: 'manage.suppliers.code.unknown_product',
    stock_managed_by_purchase_orders: 'manage.products.form.stockLocked',
    internal_consumption_disabled: 'manage.products.consume.needsOrders',
  },
};
