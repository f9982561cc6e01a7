/*
 * The auth module's one entry for other modules (and its routes and jobs). The module is split by
 * subject:
 *
 *   users.ts             staff accounts: creating one (email unique), the list, the signed-in user
 *   setup.ts             the first run: the first admin, the salon's name and opening hours
 *   registration.ts      an admin registers a staff member, who gets a temporary password
 *   sessions.ts          signing in (API tokens, refresh-token rotation with reuse detection), out
 *   password-changes.ts  forgotten passwords (reset links) and changing one's own password
 *   devices.ts           the push tokens of a user's devices
 *   passwords.ts         hashing and checking passwords
 *   sign-in-attempts.ts  sign-in attempts limited per email and address; limits.ts: their numbers
 *   web-sessions.ts      the web app's cookie sessions; web-sign-in.ts: signing in to them
 */

export { createUser, listUsers, me, normalizeEmail } from './users.js';
export { needsSetup, setup } from './setup.js';
export { register } from './registration.js';
export { login, logout, refresh } from './sessions.js';
export { changePassword, forgotPassword, resetPassword, sendResetLink } from './password-changes.js';
export { registerDevice, removeDevice } from './devices.js';
export {
  closeWebSession,
  endWebSessionsOf,
  openWebSession,
  resumeWebSession,
  WEB_SESSION_IDLE_MS,
} from './web-sessions.js';
export { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.js';
export { asSignInAttempt } from './sign-in-attempts.js';
