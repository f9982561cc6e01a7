import type { Schemas } from '../api/client';

/** The signed-in person as the session names them (who, role, whether a new password is due). */
export type SessionUserOf = Schemas['SessionUser'];
