import { Type, type Static } from 'typebox';
import { DateTimeText, Flag, named } from '../../http/schemas.js';

export const MAX_REWARD_THRESHOLDS = 20;

export const RewardThresholdOut = named(
  'RewardThreshold',
  Type.Object({
    points: Type.Integer(),
    discount: Type.Number({ description: 'Money off, in currency units' }),
    description: Type.String({ description: 'Empty when none was given' }),
  }),
);

export const LoyaltySettingsOut = named(
  'LoyaltySettings',
  Type.Object({
    loyalty_enabled: Type.Integer({ minimum: 0, maximum: 1, description: '0 or 1' }),
    points_per_euro: Type.Number({ description: 'Points earned per currency unit spent' }),
    reward_thresholds: Type.Array(RewardThresholdOut, { description: 'By points ascending' }),
    updated_at: DateTimeText,
  }),
);

export const RewardThresholdBody = Type.Object({
  points: Type.Integer({ minimum: 1, maximum: 10_000_000, description: 'Points needed; unique in the list' }),
  discount: Type.Number({ minimum: 0, maximum: 1_000_000, description: 'Money off, in currency units' }),
  description: Type.Optional(Type.String({ maxLength: 200 })),
});

export const LoyaltySettingsBody = Type.Object({
  loyalty_enabled: Type.Optional(Flag),
  points_per_euro: Type.Optional(
    Type.Number({ minimum: 0, maximum: 10_000, description: 'Points per currency unit; kept to 2 decimals' }),
  ),
  reward_thresholds: Type.Optional(
    Type.Array(RewardThresholdBody, {
      maxItems: MAX_REWARD_THRESHOLDS,
      description: 'Replaces the whole list; any order, returned by points ascending',
    }),
  ),
});

export type LoyaltySettingsOutput = Static<typeof LoyaltySettingsOut>;
export type LoyaltySettingsInput = Static<typeof LoyaltySettingsBody>;

// ---------------------------------------------------------------- points ledger

export const LedgerEntryOut = named(
  'LoyaltyLedgerEntry',
  Type.Object({
    id: Type.Integer(),
    points: Type.Integer({ description: 'Signed: + earned or added, − redeemed or removed' }),
    reason: Type.Union([Type.Literal('earn'), Type.Literal('redeem'), Type.Literal('adjust')]),
    order_id: Type.Union([Type.Integer(), Type.Null()]),
    note: Type.String(),
    created_at: DateTimeText,
  }),
);

export const LedgerOut = named(
  'LoyaltyAccount',
  Type.Object({
    client_id: Type.Integer(),
    balance: Type.Integer({ description: 'Sum of the entries' }),
    rewards_available: Type.Array(RewardThresholdOut, { description: 'Thresholds the balance reaches now' }),
    entries: Type.Array(LedgerEntryOut, { description: 'Newest first' }),
  }),
);

export const LedgerAdjustBody = Type.Object({
  points: Type.Integer({ minimum: -10_000_000, maximum: 10_000_000, not: { const: 0 } }),
  note: Type.Optional(Type.String({ maxLength: 500 })),
});

export const ClientIdParams = Type.Object({ clientId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

export type LedgerOutput = Static<typeof LedgerOut>;
export type LedgerAdjustInput = Static<typeof LedgerAdjustBody>;
