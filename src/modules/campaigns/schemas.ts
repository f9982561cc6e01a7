import { Type, type Static } from 'typebox';
import { DateTimeText, Email, Flag, named, NonEmpty, PageQuery } from '../../http/schemas.js';
import { Block, Blocks } from './blocks.js';
import { SegmentFilters } from './segments.js';

export const CampaignStatus = Type.Union(
  [
    Type.Literal('draft'),
    Type.Literal('sending'),
    Type.Literal('sent'),
    Type.Literal('partly_failed'),
    Type.Literal('failed'),
  ],
  {
    description:
      '`draft` (editable), `sending` (recipients being mailed); once every recipient is done: `sent` (none failed), `partly_failed` (some failed, some sent), `failed` (every attempted email failed)',
  },
);

const Subject = NonEmpty(200);

export const CampaignCreateBody = Type.Object({
  name: NonEmpty(200),
  subject: Subject,
  blocks: Blocks,
  segment_filters: Type.Optional(SegmentFilters),
});

export const CampaignUpdateBody = Type.Object({
  name: Type.Optional(NonEmpty(200)),
  subject: Type.Optional(Subject),
  blocks: Type.Optional(Blocks),
  segment_filters: Type.Optional(SegmentFilters),
});

export const CampaignOut = named(
  'Campaign',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    subject: Type.String(),
    blocks: Type.Array(Block),
    segment_filters: SegmentFilters,
    status: CampaignStatus,
    recipient_count: Type.Integer({ description: 'clients the send reaches; set when the send starts' }),
    sent_count: Type.Integer({ description: 'emails accepted by the mail server' }),
    failed_count: Type.Integer({ description: 'emails given up on (mail server refused them, or no mail server)' }),
    skipped_count: Type.Integer({
      description: 'recipients who unsubscribed (or lost their address) before their turn',
    }),
    pending_count: Type.Integer({ description: 'recipients not yet done: recipient_count − sent − failed − skipped' }),
    started_at: Type.Union([DateTimeText, Type.Null()]),
    finished_at: Type.Union([DateTimeText, Type.Null()]),
    created_at: DateTimeText,
    updated_at: DateTimeText,
  }),
);

export const CampaignListQuery = Type.Object({ ...PageQuery });

export const SegmentBody = Type.Object({ name: NonEmpty(200), filters: SegmentFilters });

export const SegmentOut = named(
  'Segment',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    filters: SegmentFilters,
    created_at: DateTimeText,
    updated_at: DateTimeText,
  }),
);

export const PreviewBody = Type.Object({
  filters: Type.Optional(SegmentFilters),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'recipients listed; default 20' })),
});

export const PreviewOut = named(
  'SegmentPreview',
  Type.Object({
    count: Type.Integer({ description: 'clients a send would reach now' }),
    recipients: Type.Array(
      Type.Object({ id: Type.Integer(), name: Type.String(), email: Email }, { description: 'by name, then id' }),
    ),
  }),
);

export const TemplateBody = Type.Object({ name: NonEmpty(200), blocks: Blocks });

export const TemplateOut = named(
  'CampaignTemplate',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    blocks: Type.Array(Block),
    created_at: DateTimeText,
    updated_at: DateTimeText,
  }),
);

export const RenderMjmlBody = Type.Object({ mjml: Type.String({ minLength: 1, maxLength: 500_000 }) });
export const RenderMjmlOut = Type.Object({ html: Type.String() });

export const UnsubscribeBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export const UnsubscribeOut = Type.Object({ ok: Type.Literal(true) });

export type CampaignCreateInput = Static<typeof CampaignCreateBody>;
export type CampaignUpdateInput = Static<typeof CampaignUpdateBody>;
export type CampaignOutput = Static<typeof CampaignOut>;
export type SegmentInput = Static<typeof SegmentBody>;
export type TemplateInput = Static<typeof TemplateBody>;

const DelayDays = Type.Integer({ minimum: 0, maximum: 365, description: 'days after the visit was completed' });
const Position = Type.Integer({ minimum: 1, maximum: 1000, description: 'order in the sequence; default: last' });

export const FollowupStepBody = Type.Object({
  position: Type.Optional(Position),
  delay_days: DelayDays,
  subject: Subject,
  blocks: Blocks,
  active: Type.Optional(Flag),
});

export const FollowupStepUpdateBody = Type.Object({
  position: Type.Optional(Position),
  delay_days: Type.Optional(DelayDays),
  subject: Type.Optional(Subject),
  blocks: Type.Optional(Blocks),
  active: Type.Optional(Flag),
});

export const FollowupStepOut = named(
  'FollowupStep',
  Type.Object({
    id: Type.Integer(),
    position: Type.Integer(),
    delay_days: Type.Integer(),
    subject: Type.String(),
    blocks: Type.Array(Block),
    active: Type.Integer({ minimum: 0, maximum: 1 }),
    created_at: DateTimeText,
    updated_at: DateTimeText,
  }),
);

export type FollowupStepInput = Static<typeof FollowupStepBody>;
export type FollowupStepUpdateInput = Static<typeof FollowupStepUpdateBody>;
