/**
 * Every event a webhook endpoint may subscribe to, with what it means. The resource named in
 * each type is the one whose deliveries go out in order (docs/api.md "Webhooks").
 */
export const WEBHOOK_EVENTS = {
  'booking.created':
    'A booking was made (desk, booking page, visit part, series occurrence), in whatever status it starts',
  'booking.updated':
    'A booking changed: times, staff member, service, location, notes, confirmed (provisional → scheduled), a deposit paid, a no-show undone, attendance confirmed by the client',
  'booking.cancelled':
    'A booking was cancelled (by the salon, by the client, or released because its deposit was not paid)',
  'booking.completed': 'A booking was marked completed',
  'booking.no_show': 'A booking was marked as a no-show',
  'client.created': 'A client was added (back office or booking page)',
  'client.updated': "A client's details or consents changed (also the kept client of a merge)",
  'client.erased': "A client's personal data was erased (GDPR); the payload holds only the id",
  'pos_order.paid': 'A till order was paid (at once, or when its card or online payment settled)',
  'pos_order.refunded': 'Money of a paid till order was given back (a refund completed; the order as sold)',
  'pos_order.voided': 'A till order that was never paid was voided (what it moved given back)',
  'product.stock_low': "A product's stock fell to or below its low-stock threshold",
  'review.created': 'A client wrote a review of a completed visit',
  'purchase_order.received': "A purchase order was received and its products' stock went up",
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;

export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];

/** The resource of each event type: its deliveries to one endpoint go out one after another. */
export type WebhookResourceKind = 'booking' | 'client' | 'pos_order' | 'product' | 'review' | 'purchase_order';

export function resourceKindOf(type: WebhookEventType): WebhookResourceKind {
  return type.slice(0, type.indexOf('.')) as WebhookResourceKind;
}
