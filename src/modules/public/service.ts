/*
 * The public module's service: the online booking page's API, split by subject (client
 * accounts, availability, bookings, salon information, reviews). No other module needs it
 * today; this is where one would look first.
 */
export {
  clientBookings,
  clientLogin,
  clientProfile,
  requestMagicLink,
  setClientPassword,
  updateClientProfile,
  verifyMagicLink,
} from './accounts.js';
export { publicAvailability } from './availability.js';
export { createPublicBooking, type PublicBookingResult } from './bookings.js';
export { publicServices, publicStaff, salonInfo } from './info.js';
export { createReview } from './reviews.js';
