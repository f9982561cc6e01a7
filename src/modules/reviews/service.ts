/*
 * The reviews module's one entry for other modules (and its routes): the salon's reviews, as
 * the admin reads and curates them and as the booking page shows them. Clients write them
 * through the public module; an unpublished review still counts for staff performance but never
 * shows on the booking page. The module is split by subject:
 *
 *   curation.ts  the admin's list of reviews, publishing or hiding one and replying to it
 *   summary.ts   what the booking page shows: the published reviews' average, count and latest comments
 */

export { curateReview, listReviews } from './curation.js';
export { reviewSummary } from './summary.js';
