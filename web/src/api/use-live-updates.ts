import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { openBookingEvents } from './booking-events';
import { followChanges } from './live';
import { isSignedIn, restoreSession } from './session';

/**
 * Keeps this browser's booking reads live while someone is signed in: one event stream for the
 * whole back office (the shell's signed-in bar calls it), whatever screen is open, so every
 * page showing bookings refetches what another desk changed. Unmounting (signing out) closes it.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stream = openBookingEvents({
      renew: async () => {
        await restoreSession();
        return isSignedIn();
      },
    });
    return followChanges(queryClient, stream);
  }, [queryClient]);
}
