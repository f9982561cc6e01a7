import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { readPackingSlip } from './packing-slips.js';

/*
 * The packing slip shown inside the office's page (a PDF in a frame, an image in an <img>).
 * A frame or an image cannot send the office's bearer token, so the page first asks, with its
 * token, for a view address: the order's id, an expiry five minutes away and an HMAC (keyed by
 * the service's JWT secret, labelled for this one use) over both and the slip's storage key.
 * The address works without a token until it expires, and stops at once when the slip is
 * replaced or removed (another storage key). It is a path segment, which the logs mask.
 *
 * The answer is made harmless as a document, whatever the uploaded bytes hold: the type found
 * in the bytes at upload (never the client's), `nosniff`, `inline`, and a policy of its own
 * (`sandbox`: no script, no same-origin access, no forms; `default-src 'none'`).
 */

export const VIEW_LINK_TTL_SECONDS = 5 * 60;

/** The slip's answer as a document: sandboxed, nothing loaded, framed only by the service's own pages. */
export const PACKING_SLIP_VIEW_CSP = "sandbox; default-src 'none'; img-src 'self'; frame-ancestors 'self'";

function macOf(secret: string, orderId: number, storageKey: string, expires: number): string {
  return createHmac('sha256', secret)
    .update(`packing-slip-view\0${orderId}\0${storageKey}\0${expires}`)
    .digest('base64url');
}

async function storageKeyOf(ctx: AppContext, orderId: number): Promise<string> {
  const order = await ctx.db
    .selectFrom('purchase_orders')
    .select('packing_slip_key')
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) throw notFound('Purchase order');
  if (!order.packing_slip_key) throw notFound('Packing slip');
  return order.packing_slip_key;
}

/** A view address of the order's current slip, valid for five minutes; 404 without a slip. */
export async function packingSlipViewLink(
  ctx: AppContext,
  orderId: number,
  now: Date = new Date(),
): Promise<{ url: string; expires_at: string }> {
  const key = await storageKeyOf(ctx, orderId);
  const expires = Math.floor(now.getTime() / 1000) + VIEW_LINK_TTL_SECONDS;
  const token = `${expires}.${macOf(ctx.config.jwtSecret, orderId, key, expires)}`;
  return {
    url: `/api/suppliers/orders/${orderId}/packing-slip/view/${token}`,
    expires_at: new Date(expires * 1000).toISOString(),
  };
}

const expired = () => new AppError(404, 'not_found', 'This view address is unknown or has expired');

/** The slip behind a view address; 404 for a forged, expired or outdated one. */
export async function viewPackingSlip(
  ctx: AppContext,
  orderId: number,
  token: string,
  now: Date = new Date(),
): Promise<{ stream: Readable; filename: string; contentType: string }> {
  const [expiresText, mac] = token.split('.');
  const expires = Number(expiresText);
  if (!mac || !Number.isSafeInteger(expires) || expires * 1000 <= now.getTime()) throw expired();
  const order = await ctx.db
    .selectFrom('purchase_orders')
    .select('packing_slip_key')
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order?.packing_slip_key) throw expired();
  const expected = Buffer.from(macOf(ctx.config.jwtSecret, orderId, order.packing_slip_key, expires));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw expired();
  return readPackingSlip(ctx, orderId);
}
