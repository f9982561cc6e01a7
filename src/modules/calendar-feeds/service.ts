/*
 * The calendar feeds module's one entry for other modules (and its routes). Private calendar
 * feeds: a staff member's appointments (or the whole salon's, for an admin) as an iCal document
 * that phone and desktop calendars poll. The address carries a random 256-bit token, stored only
 * as its hash, so the address is the credential: revoking the feed (deleting it) or deactivating
 * its owner ends it. The module is split by subject:
 *
 *   subscriptions.ts  making, listing and revoking feeds, and who may see which
 *   feed-document.ts  the document a feed's address answers, bounded in time
 *   ics.ts            the appointments written as iCal
 */

export { createFeed, listFeeds, revokeFeed } from './subscriptions.js';
export { FEED_DAYS_AHEAD, FEED_DAYS_BACK, feedDocument } from './feed-document.js';
