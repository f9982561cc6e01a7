/*
 * The loyalty module's one entry for other modules (and its routes). The module is split by
 * subject:
 *
 *   rules.ts     the programme's stored rules (points per euro, reward thresholds), as the till reads them
 *   settings.ts  the programme's settings as the API reads and changes them
 *   ledger.ts    the points ledger: balance, points earned, entries, the reward a balance buys
 */

export { getLoyaltySettings, updateLoyaltySettings } from './settings.js';
export { readLoyaltyRules, type LoyaltyRules, type StoredThreshold } from './rules.js';
export { addLedgerEntry, pointsBalance, pointsEarned, rewardFor } from './ledger.js';
