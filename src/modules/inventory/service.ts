/*
 * What other modules may use of the inventory module: the one way stock changes (moveStock,
 * in the caller's transaction) and what it needs to know about the caller's context.
 */
export { stockContext } from './products.js';
export { moveStock, type StockContext, type StockMove } from './stock.js';
// The importer (modules/imports) writes products through the API's own checks, in its own transactions.
export { createProductIn, readProduct, updateProductIn, type ProductWriter } from './products.js';
export { ProductCreateBody, ProductUpdateBody } from './schemas.js';
