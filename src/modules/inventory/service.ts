/*
 * What other modules may use of the inventory module: the one way stock changes (moveStock,
 * in the caller's transaction) and what it needs to know about the caller's context.
 */
export { stockContext } from './products.js';
export { moveStock, type StockContext, type StockMove } from './stock.js';
