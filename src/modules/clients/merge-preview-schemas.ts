import { Type, type Static } from 'typebox';
import { Id, named } from '../../http/schemas.js';
import { ClientOut } from './schemas.js';

/* The schemas of a merge's preview, GET /api/clients/:id/merge-preview. */

const Count = Type.Integer({ minimum: 0 });

export const MergePreviewQuery = Type.Object({
  duplicate_id: Id,
});

export const MergePreviewOut = named(
  'ClientMergePreview',
  Type.Object({
    /** The kept client as it will read after the merge. */
    client: ClientOut,
    /** The duplicate as it reads now (afterwards an emptied record). */
    duplicate: ClientOut,
    taken: Type.Array(
      Type.Union([
        Type.Literal('email'),
        Type.Literal('phone'),
        Type.Literal('birthday'),
        Type.Literal('gender'),
        Type.Literal('notes'),
      ]),
      {
        description: 'The fields the kept client takes from the duplicate (its own are empty; notes are appended)',
      },
    ),
    moves: Type.Object(
      {
        bookings: Count,
        orders: Count,
        gift_cards: Count,
        packages: Count,
        waitlist_entries: Count,
        reviews: Count,
        loyalty_points: Type.Integer({ description: 'The balance of the duplicate’s points ledger' }),
      },
      { description: 'The duplicate’s records that move to the kept client' },
    ),
  }),
);

export type MergePreviewOutput = Static<typeof MergePreviewOut>;
