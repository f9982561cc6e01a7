import { Type, type Static } from 'typebox';
import { DateText, DateTimeText, Id, named, PageQuery, withExample } from '../../http/schemas.js';

/* Schemas of the salon's reviews: the admin's list and publishing, the booking page's summary. */

const FlagOut = Type.Union([Type.Literal(0), Type.Literal(1)]);

export const ReviewOut = named(
  'AdminReview',
  Type.Object({
    id: Type.Integer(),
    booking_id: Type.Integer(),
    rating: Type.Integer({ minimum: 1, maximum: 5 }),
    comment: Type.String(),
    published: FlagOut,
    staff_id: Type.Integer(),
    staff_name: Type.String(),
    client_id: Type.Integer(),
    client_name: Type.String(),
    service_name: Type.String(),
    created_at: DateTimeText,
    reply: Type.String({ description: "The salon's answer, shown with the review on the booking page; '' for none" }),
  }),
);

export const ReviewListQuery = Type.Object({
  ...PageQuery,
  rating: Type.Optional(Type.Integer({ minimum: 1, maximum: 5, description: 'Only reviews with this rating' })),
  staff_id: Type.Optional(Id),
  from: Type.Optional(
    Type.String({ ...DateText, description: 'Written on or after this day (salon zone), YYYY-MM-DD' }),
  ),
  to: Type.Optional(
    Type.String({ ...DateText, description: 'Written on or before this day (salon zone), YYYY-MM-DD' }),
  ),
  published: Type.Optional(Type.Integer({ minimum: 0, maximum: 1, description: '1: published only; 0: hidden only' })),
});

export const ReviewPublishBody = withExample(
  Type.Object(
    {
      published: Type.Optional(Type.Boolean({ description: '`false` hides the review from the booking page' })),
      reply: Type.Optional(
        Type.String({
          maxLength: 2000,
          description: "The salon's answer to the review (trimmed; '' removes it), shown with it on the booking page",
        }),
      ),
    },
    { minProperties: 1, description: 'At least one of `published` and `reply`' },
  ),
  { published: false },
);

export const ReviewSummaryOut = named(
  'ReviewSummary',
  Type.Object({
    average: Type.Union([Type.Number(), Type.Null()], {
      description: 'Mean rating of the published reviews, one decimal; null when there are none',
    }),
    count: Type.Integer({ minimum: 0, description: 'Published reviews' }),
    latest: Type.Array(
      Type.Object({
        rating: Type.Integer({ minimum: 1, maximum: 5 }),
        comment: Type.String(),
        created_at: DateTimeText,
        client_first_name: Type.String({ description: 'The first word of the client’s name only' }),
        staff_name: Type.String(),
        reply: Type.String({ description: "The salon's answer; '' for none" }),
      }),
      { description: 'The 5 newest published reviews with a comment' },
    ),
  }),
);

export type ReviewListInput = Static<typeof ReviewListQuery>;
export type ReviewOutput = Static<typeof ReviewOut>;
export type ReviewCurationInput = Static<typeof ReviewPublishBody>;
export type ReviewSummaryOutput = Static<typeof ReviewSummaryOut>;
