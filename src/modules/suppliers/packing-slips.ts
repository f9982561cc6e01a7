import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { ZipFile } from 'yazl';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { nowIso, todayIn } from '../../lib/time.js';
import { newStorageKey } from '../../storage/storage.js';
import { readTimezone } from '../settings/service.js';

/*
 * A packing slip is stored under a generated storage key; the name it is downloaded under is
 * `{order_number}_{creditor_number}_{YYYYMMDD}.{ext}` (spec part 2), where the date is the
 * order's received_date, or the upload date (salon time zone) while it has none, and the
 * extension is that of the type found in the bytes. Never a name from the client.
 */

export const PACKING_SLIP_MAX_BYTES = 10 * 1024 * 1024;

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** Every content type a stored packing slip is served with. */
export const PACKING_SLIP_TYPES = Object.keys(EXTENSIONS);

const CONTENT_TYPES: Record<string, string> = Object.fromEntries(
  Object.entries(EXTENSIONS).map(([type, extension]) => [extension, type]),
);

export function packingSlipName(orderNumber: string, creditorNumber: string, date: string, extension: string): string {
  return `${orderNumber}_${creditorNumber}_${date.replaceAll('-', '')}.${extension}`;
}

function extensionOf(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1);
}

/**
 * The date an order was received: only a received order has one. (Before that rule, an order
 * not yet received could be given a date; such a date is not a receipt and is ignored.)
 */
export function receivedDateOf(order: { status: string; received_date: string | null }): string | null {
  return order.status === 'received' ? order.received_date : null;
}

/** The stored name, redated to `date` (the order's received_date). */
export function renamedPackingSlip(
  currentName: string,
  order: { order_number: string },
  creditorNumber: string,
  date: string,
): string {
  return packingSlipName(order.order_number, creditorNumber, date, extensionOf(currentName));
}

/** Stores the slip and answers its name; a previous slip of the order is removed after the commit. */
export async function uploadPackingSlip(
  ctx: AppContext,
  orderId: number,
  data: Buffer,
): Promise<{ ok: true; filename: string }> {
  const exists = await ctx.db.selectFrom('purchase_orders').select('id').where('id', '=', orderId).executeTakeFirst();
  if (!exists) throw notFound('Purchase order');
  const detected = await fileTypeFromBuffer(data);
  const extension = detected ? EXTENSIONS[detected.mime] : undefined;
  if (!extension) {
    throw new AppError(415, 'unsupported_media_type', 'A packing slip must be a PDF, JPEG, PNG, GIF or WebP file');
  }
  const timezone = await readTimezone(ctx.db);
  const key = newStorageKey('packing-slips', extension);
  await ctx.storage.put(key, data);
  let result: { previous: string | null; filename: string };
  try {
    result = await ctx.db.transaction().execute(async (trx) => {
      let query = trx
        .selectFrom('purchase_orders as po')
        .innerJoin('suppliers as s', 's.id', 'po.supplier_id')
        .select(['po.order_number', 'po.status', 'po.received_date', 'po.packing_slip_key', 's.creditor_number'])
        .where('po.id', '=', orderId);
      // Two uploads at once: the second waits, so it sees (and removes) the first one's file.
      // `FOR UPDATE OF po` locks the order only, not the supplier it is joined with, which
      // lockRows() cannot say; SQLite needs no lock (exclusive write transactions).
      if (ctx.dialect === 'postgres') query = query.forUpdate('po');
      const order = await query.executeTakeFirst();
      if (!order) throw notFound('Purchase order');
      const filename = packingSlipName(
        order.order_number,
        order.creditor_number,
        receivedDateOf(order) ?? todayIn(timezone),
        extension,
      );
      await trx
        .updateTable('purchase_orders')
        .set({ packing_slip_key: key, packing_slip_name: filename, updated_at: nowIso() })
        .where('id', '=', orderId)
        .execute();
      return { previous: order.packing_slip_key, filename };
    });
  } catch (error) {
    await ctx.storage.delete(key).catch(() => undefined);
    throw error;
  }
  if (result.previous) {
    await ctx.storage
      .delete(result.previous)
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'old packing slip not removed'));
  }
  return { ok: true, filename: result.filename };
}

export async function readPackingSlip(
  ctx: AppContext,
  orderId: number,
): Promise<{ stream: Readable; filename: string; contentType: string }> {
  const order = await ctx.db
    .selectFrom('purchase_orders')
    .select(['packing_slip_key', 'packing_slip_name'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) throw notFound('Purchase order');
  if (!order.packing_slip_key || !order.packing_slip_name) throw notFound('Packing slip');
  const stream = await ctx.storage.stream(order.packing_slip_key);
  if (!stream) throw notFound('Packing slip');
  const contentType = CONTENT_TYPES[extensionOf(order.packing_slip_name)] ?? 'application/octet-stream';
  return { stream, filename: order.packing_slip_name, contentType };
}

/**
 * A ZIP of the year's packing slips, streamed: yazl asks for each file only when it is that
 * file's turn (addReadStreamLazy), so one file is open at a time and none is held in memory.
 * A slip belongs to the year of its order's received_date, or, for an order not received, of
 * the date in its name (the upload date). Slips are stored uncompressed: PDFs and images
 * hardly shrink, and storing costs no CPU.
 */
export async function packingSlipArchive(
  ctx: AppContext,
  year: number | undefined,
): Promise<{ stream: Readable; filename: string }> {
  const timezone = await readTimezone(ctx.db);
  const chosen = year ?? Number(todayIn(timezone).slice(0, 4));
  const slips = await ctx.db
    .selectFrom('purchase_orders')
    .select(['packing_slip_key', 'packing_slip_name'])
    .where('packing_slip_key', 'is not', null)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('status', '=', 'received'),
          eb('received_date', '>=', `${chosen}-01-01`),
          eb('received_date', '<=', `${chosen}-12-31`),
        ]),
        // The name ends in `_{YYYYMMDD}.{ext}` and holds no other dot.
        eb.and([
          eb.or([eb('status', '<>', 'received'), eb('received_date', 'is', null)]),
          eb('packing_slip_name', 'like', `%${chosen}____.%`),
        ]),
      ]),
    )
    .orderBy('packing_slip_name')
    .execute();

  const zip = new ZipFile();
  // yazl's typings call it a NodeJS.ReadableStream; it is a PassThrough.
  const output = zip.outputStream as Readable;
  let current: Readable | null = null;
  for (const slip of slips) {
    const key = slip.packing_slip_key!;
    const name = slip.packing_slip_name!;
    zip.addReadStreamLazy(name, { compress: false }, (callback) => {
      ctx.storage.stream(key).then(
        (stream) => {
          if (!stream) {
            // The entry is already announced; an empty file keeps the archive valid.
            ctx.log.error({ key, name }, 'packing slip file missing from storage; zipped empty');
          }
          current = stream ?? Readable.from([]);
          callback(null, current);
        },
        (error: unknown) => callback(error, Readable.from([])),
      );
    });
  }
  zip.on('error', (error: unknown) => {
    ctx.log.error({ err: error }, 'packing slip archive failed');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  // A download cut short must not leave the file being read open.
  output.on('close', () => current?.destroy());
  zip.end();
  return { stream: output, filename: `packing-slips-${chosen}.zip` };
}
