/*
 * The suppliers module's one entry for other modules (and its routes). The module is split by
 * subject:
 *
 *   reads.ts          suppliers as the API shows them: the list, one with its recent orders
 *   writes.ts         creating (with a creditor number), changing and deleting a supplier
 *   orders.ts         purchase orders, their status changes and receiving them into stock
 *   packing-slips.ts  the packing slip stored with a purchase order
 */

export { getSupplier, listSuppliers } from './reads.js';
export { createSupplier, deleteSupplier, updateSupplier } from './writes.js';
