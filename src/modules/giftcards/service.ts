/*
 * The gift cards module's one entry for other modules (and its routes). Gift cards: a code, a
 * face value and a balance that only redemptions lower. The balance is changed only by a
 * conditional update (`balance >= amount`) under a row lock, and a check constraint keeps it
 * within 0 … initial_value, so concurrent redemptions can never take it below zero. Every
 * movement is a gift_card_transactions row: the card's history. The module is split by subject:
 *
 *   issue.ts   a new card with a fresh code, its first movement and the recipient's email
 *   redeem.ts  a card locked by its code and spent, never below zero
 *   reads.ts   cards as the API shows them, with their history; the cards an order sold
 *   writes.ts  the salon's own cards: issued, changed, deleted while unsold and unspent
 *   resend.ts  the card's email sent again, to the address it was issued to
 *   codes.ts   the codes: unguessable, easy to read out, typed back in any case or grouping
 */

export { issueGiftCard } from './issue.js';
export { lockGiftCardByCode, redeemGiftCard, restoreGiftCard } from './redeem.js';
export { getGiftCard, getGiftCardByCode, giftCardsOfOrders, listGiftCards } from './reads.js';
export { createGiftCard, deleteGiftCard, updateGiftCard } from './writes.js';
export { resendGiftCardEmail } from './resend.js';
