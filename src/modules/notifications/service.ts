/*
 * The notifications module's one entry for other modules (and its routes). The module is split
 * by subject:
 *
 *   notify-admins.ts  telling every active admin about an event, through the channels each allows
 *   notify-user.ts    telling one user; taking an event's notifications back from every inbox
 *   inbox.ts          a user's own in-app notifications
 *   preferences.ts    a user's channels per notification type; types.ts: the types and their defaults
 *   texts.ts          a notification's words, by catalogue key, written in the salon's language
 */

export { notifyAdmins } from './notify-admins.js';
export { notifyUser, withdrawNotifications } from './notify-user.js';
export { notice, type NoticeText } from './texts.js';
