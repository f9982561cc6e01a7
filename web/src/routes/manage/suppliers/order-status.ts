import type { Schemas } from '../../../api/client';

export type OrderStatus = Schemas['PurchaseOrder']['status'];

export const ORDER_STATUSES: readonly OrderStatus[] = ['created', 'ordered', 'received', 'cancelled'];

/** Whether an order's lines may still change (the service refuses it after that). */
export function linesOpen(status: OrderStatus): boolean {
  return status === 'created' || status === 'ordered';
}
