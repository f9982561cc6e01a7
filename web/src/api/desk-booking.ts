import { useRef, useState } from 'react';
import { api, unwrap, type Schemas } from './client';
import { ConnectionError, errorCode } from './errors';
import { useChange } from './mutation';
import { randomKey } from '../lib/random';

/*
 * The desk's new booking from an empty slot: one service (POST /bookings), several in a row (a
 * visit, POST /bookings/visits), or one repeated every N weeks (a series, POST /bookings/series,
 * after its dry run POST /bookings/series/check). Each create is sent under its own operation's
 * mutation key, so the map of invalidations (invalidations.ts) applies to what was really sent.
 * A client typed in is created first and kept as the booking's client whatever the booking's
 * answer.
 */

/** The client of a new booking: one already on file, or one to create with it. */
export type DeskClient = { kind: 'existing'; id: number } | { kind: 'new'; name: string; phone: string; email: string };

export interface DeskBookingDraft {
  client: DeskClient;
  /** `YYYY-MM-DD HH:MM` in the salon's zone. */
  startAt: string;
  parts: ReadonlyArray<{ serviceId: number; staffId: number }>;
  notes: string;
  internalNotes: string;
  override: boolean;
  /** The waitlist entry the booking takes up (a single booking only: the API marks it booked). */
  waitlistId?: number | undefined;
}

/** A repeat: every N weeks, until a date or a number of times. */
export interface DeskRepeat {
  everyWeeks: number;
  until?: string | undefined;
  count?: number | undefined;
}

export interface DeskSeriesDraft extends DeskBookingDraft {
  repeat: DeskRepeat;
  /** Dates of the occurrences left out (those the dry run found refused). */
  skipDates: readonly string[];
}

export type SeriesCheck = Schemas['SeriesCheck'];

/** The client's id, creating a new one first (and saying so, so the form keeps them from then on). */
async function clientIdOf(
  client: DeskClient,
  onClientCreated: (id: number, name: string) => void,
): Promise<{ id: number } | null> {
  if (client.kind === 'existing') return { id: client.id };
  const created = await unwrap(
    api.POST('/api/clients', {
      body: {
        name: client.name.trim(),
        ...(client.phone.trim() ? { phone: client.phone.trim() } : {}),
        ...(client.email.trim() ? { email: client.email.trim() } : {}),
      },
    }),
  );
  onClientCreated(created.id, created.name);
  return { id: created.id };
}

function common(draft: DeskBookingDraft, clientId: number) {
  return {
    client_id: clientId,
    start_at: draft.startAt,
    notes: draft.notes,
    internal_notes: draft.internalNotes,
    ...(draft.override ? { override: true } : {}),
  };
}

function seriesBody(draft: DeskSeriesDraft, clientId: number) {
  const [part] = draft.parts;
  return {
    ...common(draft, clientId),
    service_id: part?.serviceId ?? 0,
    staff_id: part?.staffId ?? 0,
    every_weeks: draft.repeat.everyWeeks,
    ...(draft.repeat.until !== undefined ? { until: draft.repeat.until } : { count: draft.repeat.count ?? 2 }),
    ...(draft.skipDates.length > 0 ? { skip_dates: [...draft.skipDates] } : {}),
  };
}

/** What the dialog needs of a request: TanStack's mutation state, and what it was sent as. */
interface Sent {
  error: unknown;
  isPending: boolean;
}

/**
 * The new-booking dialog's requests. `book` sends a single booking or a visit, `bookSeries` a
 * repeat, `check` the repeat's dry run. Each attempt carries an Idempotency-Key, kept across a
 * lost connection (the retry books once) and renewed after any answer.
 */
export function useDeskBooking({
  onClientCreated,
  onBooked,
}: {
  onClientCreated: (id: number, name: string) => void;
  /** The first booking's id. */
  onBooked: (id: number) => void;
}) {
  const key = useRef(randomKey());
  const renewKey = (_data: unknown, error: unknown) => {
    if (!(error instanceof ConnectionError)) key.current = randomKey();
  };
  const headers = () => ({ 'Idempotency-Key': key.current });
  const [last, setLast] = useState<'booking' | 'visit' | 'series'>('booking');

  const booking = useChange<number, DeskBookingDraft>(['post', '/api/bookings'], {
    mutationFn: async (draft) => {
      const client = await clientIdOf(draft.client, onClientCreated);
      const [part] = draft.parts;
      const booked = await unwrap(
        api.POST('/api/bookings', {
          headers: headers(),
          body: {
            ...common(draft, client!.id),
            service_id: part?.serviceId ?? 0,
            staff_id: part?.staffId ?? 0,
            ...(draft.waitlistId !== undefined ? { waitlist_id: draft.waitlistId } : {}),
          },
        }),
      );
      return booked.id;
    },
    onSettled: renewKey,
    onSuccess: onBooked,
  });
  const visit = useChange<number, DeskBookingDraft>(['post', '/api/bookings/visits'], {
    mutationFn: async (draft) => {
      const client = await clientIdOf(draft.client, onClientCreated);
      const booked = await unwrap(
        api.POST('/api/bookings/visits', {
          headers: headers(),
          body: {
            ...common(draft, client!.id),
            parts: draft.parts.map((part) => ({ service_id: part.serviceId, staff_id: part.staffId })),
          },
        }),
      );
      return booked.bookings[0]?.id ?? booked.id;
    },
    onSettled: renewKey,
    onSuccess: onBooked,
  });
  const series = useChange<number, DeskSeriesDraft>(['post', '/api/bookings/series'], {
    mutationFn: async (draft) => {
      const client = await clientIdOf(draft.client, onClientCreated);
      const booked = await unwrap(
        api.POST('/api/bookings/series', { headers: headers(), body: seriesBody(draft, client!.id) }),
      );
      return booked.bookings[0]?.id ?? 0;
    },
    onSettled: renewKey,
    onSuccess: onBooked,
    // A date taken since the dry run: the list is checked again, beside the refusal that says so.
    onError: (error, draft) => {
      if (errorCode(error) === 'series_conflicts') check.mutate(draft);
    },
  });
  const check = useChange<SeriesCheck, DeskSeriesDraft>(['post', '/api/bookings/series/check'], {
    mutationFn: async (draft) => {
      // A new client is created once, here, and is the draft's client from then on.
      const client = await clientIdOf(draft.client, onClientCreated);
      return unwrap(api.POST('/api/bookings/series/check', { body: seriesBody(draft, client!.id) }));
    },
  });

  const chosen = { booking, visit, series }[last];
  const sending: Sent = {
    error: chosen.error ?? check.error,
    isPending: booking.isPending || visit.isPending || series.isPending || check.isPending,
  };
  const forget = () => {
    for (const mutation of [booking, visit, series, check]) mutation.reset();
  };
  return {
    sending,
    /** The last dry run's answer, until the draft changes. */
    checked: check.data,
    book: (draft: DeskBookingDraft) => {
      const kind = draft.parts.length > 1 ? 'visit' : 'booking';
      forget();
      setLast(kind);
      (kind === 'visit' ? visit : booking).mutate(draft);
    },
    bookSeries: (draft: DeskSeriesDraft) => {
      series.reset();
      setLast('series');
      series.mutate(draft);
    },
    check: (draft: DeskSeriesDraft) => {
      forget();
      setLast('series');
      check.mutate(draft);
    },
    /** The draft changed: a dry run's answer and any failure no longer speak for it. */
    forget,
  };
}
