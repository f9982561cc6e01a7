/*
 * The query keys of the manager's screens (offers, imports, stock), apart from query-keys.ts:
 * that module is in the booking page's first load, and every key here would be bytes a
 * client booking an appointment downloads for nothing.
 */

/** The manager's offers: every page of packages and promotions, and a gift card looked up by code. */
export const PACKAGES_KEY = ['get', '/api/packages'] as const;
export const PROMOTIONS_KEY = ['get', '/api/promotions'] as const;
export const GIFT_CARD_BY_CODE_KEY = ['get', '/api/giftcards/code/{code}'] as const;
/** The catalogue's lists an import writes into (besides the clients): services and products. */
export const SERVICES_KEY = ['get', '/api/services'] as const;
export const PRODUCTS_KEY = ['get', '/api/inventory/products'] as const;
/** The history of imports, every page. */
export const IMPORTS_KEY = ['get', '/api/imports'] as const;
/** The manager's stock: products (lists and each), categories, stock history, suppliers and purchase orders. */
export const PRODUCT_KEY = ['get', '/api/inventory/products/{id}'] as const;
export const PRODUCT_CATEGORIES_KEY = ['get', '/api/inventory/categories'] as const;
export const STOCK_TRANSACTIONS_KEY = ['get', '/api/inventory/transactions'] as const;
export const SUPPLIERS_KEY = ['get', '/api/suppliers'] as const;
export const SUPPLIER_KEY = ['get', '/api/suppliers/{id}'] as const;
export const PURCHASE_ORDERS_KEY = ['get', '/api/suppliers/orders'] as const;
export const PURCHASE_ORDER_KEY = ['get', '/api/suppliers/orders/{id}'] as const;

/** The manager's reviews: every filtered page of the list. */
export const REVIEWS_KEY = ['get', '/api/reviews'] as const;
/** The manager's campaigns: the list (every page), one campaign, the saved segments and templates, the follow-up steps. */
export const CAMPAIGNS_KEY = ['get', '/api/campaigns'] as const;
export const CAMPAIGN_KEY = ['get', '/api/campaigns/{id}'] as const;
export const CAMPAIGN_SEGMENTS_KEY = ['get', '/api/campaigns/segments'] as const;
export const CAMPAIGN_TEMPLATES_KEY = ['get', '/api/campaigns/templates'] as const;
export const FOLLOWUP_STEPS_KEY = ['get', '/api/campaigns/followup-steps'] as const;
