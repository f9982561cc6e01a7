import type { Schemas } from '../../api/client';

/** The salon as its public page gives it: today, the time zone and the time format Today reads times in. */
export type SalonPage = Schemas['PublicSalonPage'];
