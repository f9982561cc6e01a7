/*
 * The bookings module's one entry for other modules (and its routes and jobs). The module is
 * split by subject:
 *
 *   reads.ts           the staff list and detail, the rows other modules read, the API shape
 *   transitions.ts     creation, changes and status transitions, with their side effects
 *   placement.ts       where a booking is (staff, service, times) and moving it, all checks
 *   occupancy.ts       what a booking occupies: staff busy time (phases), resources; locks
 *   desk-rules.ts      the desk's overridable rules (working time, past, length, who does what)
 *   client-actions.ts  what a client does from the booking page: answer a provisional
 *                      booking, cancel their own
 *   deposits.ts        bookings held for a deposit: completed when paid, released when not
 *   email-holds.ts     a stranger's bookings held for their email's confirm link, released when not clicked
 *   self-service.ts    the client's own attend / cancel / move and when each is allowed
 *   action-links.ts    the single-use links of the booking emails that let a client do so
 *   visits.ts          several services in a row, booked, moved and cancelled as one
 *   series.ts          a booking repeated every N weeks
 *   day-view.ts        what a day calendar draws, in one answer
 *   stale-writes.ts    a change made from an older version of a booking is refused
 *   idempotency.ts     an Idempotency-Key makes a retried create answer its first result
 *   live-changes.ts    the calendar's change log, spread to the process's live streams
 *   live-stream.ts     one desk's live updates (server-sent events), resumed after a reconnect
 *   history.ts         a booking's lasting history (written by triggers) and who made each change
 */

export {
  bookingLink,
  bookingsOfClient,
  clientBookingPage,
  clientBookingStats,
  clientBookingRows,
  emailData,
  getBooking,
  listBookings,
  listBookingsAnswer,
  readBooking,
  readBookingWithPrice,
  type BookingJoinedRow,
} from './reads.js';
export {
  BOOKING_UPDATE_DELAY_MS,
  cancelBooking,
  completeAtCheckout,
  createBooking,
  FOLLOWUP_DELAY_MS,
  insertBooking,
  updateBooking,
  type BookingCreator,
  type NewBooking,
} from './transitions.js';
export { lockForPlacement, type LockedResource } from './occupancy.js';
export {
  attachDeposit,
  completeHeldBookings,
  depositBookings,
  depositCents,
  depositPaid,
  depositTermsOf,
  releaseDeposit,
  type DepositContext,
  type DepositTerms,
} from './deposits.js';
export { answerProvisional, cancelClientBooking } from './client-actions.js';
export { releaseEmailHolds } from './email-holds.js';
export {
  findActionToken,
  issueActionLinks,
  useActionToken,
  type ActionLinks,
  type ActionToken,
} from './action-links.js';
export {
  cancelOwnBooking,
  confirmOwnAttendance,
  lockOwnBooking,
  moveOwnBooking,
  readSelfServiceRules,
  selfServiceActions,
  type SelfServiceAction,
  type SelfServiceRules,
} from './self-service.js';
export {
  cancelVisit,
  createVisit,
  getVisit,
  insertPlacedVisit,
  moveVisit,
  readVisitOfBooking,
  toVisit,
  type PlacedVisitPart,
} from './visits.js';
export { cancelSeries, checkSeries, createSeries, getSeries, moveSeries } from './series.js';
export { dayView, dayViewAnswer } from './day-view.js';
export { bookIdempotently, forgetIdempotencyKey, idempotencyKeyOf } from './idempotency.js';
export { asActor, bookingHistory, userActor, type Actor } from './history.js';
export { ChangeFeed, type BookingChange } from './live-changes.js';
export { serveEventStream } from './live-stream.js';
export { BookingStatus, DepositStatusOut } from './schemas.js';
