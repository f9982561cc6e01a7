import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/executor.js';
import { nowIso } from '../../lib/time.js';
import { queueEmail } from '../../mail/outbox.js';
import { notice, notifyAdmins } from '../notifications/service.js';
import { readSettings } from '../settings/service.js';
import { officeHref } from '../../lib/office-paths.js';

/*
 * A slot freed by a cancelled booking, offered to the first waiting entry it fits, in the
 * caller's transaction.
 */

/** A slot that just became free (a cancelled booking): salon wall-clock `YYYY-MM-DD HH:MM:SS`. */
export interface FreedSlot {
  serviceId: number;
  staffId: number;
  /** `YYYY-MM-DD` */
  date: string;
  startAt: string;
  endAt: string;
}

/**
 * Offers a freed slot to the waitlist, in the caller's transaction: the first `waiting` entry
 * (lowest id) for the slot's service and date whose staff is unset or the slot's, and whose
 * optional time window contains the slot's start (from ≤ start < to, either bound optional),
 * becomes `offered`. Its client is emailed when they have an address; admins are notified
 * when `notify_salon_slot_available` is on. Returns the entry's id, or null when none matches.
 *
 * The claim is a guarded update (`status = 'waiting'`), so two concurrent offers never take
 * the same entry: the loser of the race moves on to the next candidate.
 */
export async function offerFreedSlot(
  trx: Executor,
  ctx: Pick<AppContext, 'config'>,
  slot: FreedSlot,
): Promise<number | null> {
  const start = slot.startAt.slice(11, 16);
  let afterId = 0;
  for (;;) {
    const candidate = await trx
      .selectFrom('waitlist_entries')
      .select('id')
      .where('service_id', '=', slot.serviceId)
      .where('date', '=', slot.date)
      .where('status', '=', 'waiting')
      .where('id', '>', afterId)
      .where((eb) => eb.or([eb('staff_id', 'is', null), eb('staff_id', '=', slot.staffId)]))
      .where((eb) => eb.or([eb('time_from', 'is', null), eb('time_from', '<=', start)]))
      .where((eb) => eb.or([eb('time_to', 'is', null), eb('time_to', '>', start)]))
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!candidate) return null;
    const now = nowIso();
    const claimed = await trx
      .updateTable('waitlist_entries')
      .set({ status: 'offered', offered_at: now, updated_at: now })
      .where('id', '=', candidate.id)
      .where('status', '=', 'waiting')
      .returning('id')
      .executeTakeFirst();
    if (claimed) {
      await announceOffer(trx, ctx, candidate.id, slot);
      return candidate.id;
    }
    afterId = candidate.id;
  }
}

async function announceOffer(
  trx: Executor,
  ctx: Pick<AppContext, 'config'>,
  entryId: number,
  slot: FreedSlot,
): Promise<void> {
  const entry = await trx
    .selectFrom('waitlist_entries as w')
    .innerJoin('clients as c', 'c.id', 'w.client_id')
    .innerJoin('services as s', 's.id', 'w.service_id')
    .select(['c.id as client_id', 'c.name as client_name', 'c.email as client_email', 's.name as service_name'])
    .where('w.id', '=', entryId)
    .executeTakeFirstOrThrow();
  const staff = await trx.selectFrom('users').select('name').where('id', '=', slot.staffId).executeTakeFirst();
  const staffName = staff?.name ?? '';
  if (entry.client_email) {
    await queueEmail(trx, {
      to: entry.client_email,
      clientId: entry.client_id,
      template: 'waitlist.slot_offer',
      data: {
        clientName: entry.client_name,
        serviceName: entry.service_name,
        staffName,
        startAt: slot.startAt,
        endAt: slot.endAt,
        link: `${ctx.config.publicBaseUrl}/book`,
      },
    });
  }
  const settings = await readSettings(trx);
  if (settings.notify_salon_slot_available === 1) {
    await notifyAdmins(trx, {
      type: 'waitlist.slot_available',
      title: notice('notification.waitlist_slot.title', { client: entry.client_name }),
      message: notice('notification.waitlist_slot.message', {
        service: entry.service_name,
        staff: staffName || notice('notification.waitlist_slot.any_staff'),
        start: { dateTime: slot.startAt },
        end: { time: slot.endAt },
        client: entry.client_name,
      }),
      link: officeHref.waitlistEntry(entryId),
    });
  }
}
