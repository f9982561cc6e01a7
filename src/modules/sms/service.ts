/*
 * The SMS module's one entry for other modules (and its routes and jobs). The module is split by
 * subject:
 *
 *   phone-numbers.ts     phone numbers as stored (E.164, read in the salon's country) and searched
 *   outbox-view.ts       the SMS outbox as admins read it; a test message
 *   twilio-callbacks.ts  what Twilio reports, signature checked: delivery reports, STOP and START
 *   inbound-replay.ts    each inbound message acted on once
 *   jobs.ts              the admins told when the daily SMS budget is spent
 *
 * queueSms is the delivery layer's, passed on so modules queue texts through this door.
 */

export { e164OfSearch, invalidPhone, normalisePhone } from './phone-numbers.js';
export { getSms, listSms, queueTestSms } from './outbox-view.js';
export { receiveTwilioInbound, receiveTwilioStatus } from './twilio-callbacks.js';
export { queueSms } from '../../sms/outbox.js';
