import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { FollowupStepsTable } from '../../db/tables/campaigns.js';
import type { Executor } from '../../db/executor.js';
import { notFound } from '../../lib/errors.js';
import { formatInstant, nowIso } from '../../lib/time.js';
import { queueEmail } from '../../mail/outbox.js';
import { readSettings, readTimezone } from '../settings/service.js';
import type { StoredBlock } from './blocks.js';
import { checkMergeTags, storedBlocks } from './crud.js';
import type { FollowupStepInput, FollowupStepUpdateInput } from './schemas.js';
import { unsubscribeLinks } from './unsubscribe.js';

/*
 * Follow-up sequences (`followup_sequences_enabled`): the salon's steps, each an email some
 * days after a completed visit. Completing a booking enqueues one `booking.followup` job per
 * active step, with the step's delay (bookings/service.ts); the job sends the step as it is
 * then, and only while the toggle is still on and the client has not unsubscribed.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

type StepRow = Selectable<FollowupStepsTable>;

function toStep(row: StepRow, timezone: string) {
  return {
    id: row.id,
    position: row.position,
    delay_days: row.delay_days,
    subject: row.subject,
    blocks: JSON.parse(row.blocks) as StoredBlock[],
    active: row.active,
    created_at: formatInstant(row.created_at, timezone),
    updated_at: formatInstant(row.updated_at, timezone),
  };
}

/** The sequence, in order (position, then id). */
export async function listSteps(ctx: AppContext) {
  const [rows, timezone] = await Promise.all([
    ctx.db.selectFrom('followup_steps').selectAll().orderBy('position').orderBy('id').execute(),
    readTimezone(ctx.db),
  ]);
  return rows.map((row) => toStep(row, timezone));
}

export async function createStep(ctx: AppContext, input: FollowupStepInput) {
  const blocks = storedBlocks(input.blocks, 'blocks', input.subject);
  const now = nowIso();
  const row = await ctx.db.transaction().execute(async (trx) => {
    // Appended at the end unless a position is given.
    const last = await trx
      .selectFrom('followup_steps')
      .select((eb) => eb.fn.max('position').as('max'))
      .executeTakeFirst();
    return trx
      .insertInto('followup_steps')
      .values({
        position: input.position ?? Number(last?.max ?? 0) + 1,
        delay_days: input.delay_days,
        subject: input.subject.trim(),
        blocks: JSON.stringify(blocks),
        active: input.active === undefined ? 1 : input.active === true || input.active === 1 ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return toStep(row, await readTimezone(ctx.db));
}

export async function updateStep(ctx: AppContext, id: number, input: FollowupStepUpdateInput) {
  const blocks = input.blocks === undefined ? undefined : storedBlocks(input.blocks);
  if (input.subject !== undefined) checkMergeTags([{ field: 'subject', text: input.subject }]);
  const row = await ctx.db
    .updateTable('followup_steps')
    .set({
      ...(input.position !== undefined && { position: input.position }),
      ...(input.delay_days !== undefined && { delay_days: input.delay_days }),
      ...(input.subject !== undefined && { subject: input.subject.trim() }),
      ...(blocks !== undefined && { blocks: JSON.stringify(blocks) }),
      ...(input.active !== undefined && { active: input.active === true || input.active === 1 ? 1 : 0 }),
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound('Follow-up step');
  return toStep(row, await readTimezone(ctx.db));
}

export async function deleteStep(ctx: AppContext, id: number): Promise<void> {
  const result = await ctx.db.deleteFrom('followup_steps').where('id', '=', id).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notFound('Follow-up step');
}

/** When each active step is due after a visit completes now: `[{ stepId, delayMs }]`, in order. */
export async function followupSchedule(executor: Executor): Promise<Array<{ stepId: number; delayMs: number }>> {
  const steps = await executor
    .selectFrom('followup_steps')
    .select(['id', 'delay_days'])
    .where('active', '=', 1)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return steps.map((step) => ({ stepId: step.id, delayMs: step.delay_days * DAY_MS }));
}

/**
 * Whether an automated marketing email may go to this client now: its toggle is on and the
 * client never unsubscribed. Checked when the job runs, not when it was enqueued, so turning
 * the toggle off stops what is already scheduled.
 */
export async function automationAllowed(
  executor: Executor,
  toggle: 'followup_sequences_enabled' | 'product_recommendations_enabled' | 'seasonal_promotions_enabled',
  clientId: number,
): Promise<boolean> {
  const [settings, client] = await Promise.all([
    readSettings(executor),
    executor
      .selectFrom('clients as c')
      .leftJoin('client_unsubscribes as u', 'u.client_id', 'c.id')
      .select('u.client_id as unsubscribed')
      .where('c.id', '=', clientId)
      .executeTakeFirst(),
  ]);
  return settings[toggle] === 1 && client !== undefined && client.unsubscribed === null;
}

/** Sends one step of the sequence to a client, through the outbox. False when the step is gone or off. */
export async function sendFollowupStep(
  ctx: AppContext,
  stepId: number,
  client: { id: number; email: string; name: string },
): Promise<boolean> {
  const step = await ctx.db
    .selectFrom('followup_steps')
    .select(['subject', 'blocks'])
    .where('id', '=', stepId)
    .where('active', '=', 1)
    .executeTakeFirst();
  if (!step) return false;
  await ctx.db.transaction().execute((trx) =>
    queueEmail(trx, {
      to: client.email,
      clientId: client.id,
      template: 'campaign.email',
      data: {
        subject: step.subject,
        blocks: JSON.parse(step.blocks) as StoredBlock[],
        ...unsubscribeLinks(ctx, client.id),
        recipient: { name: client.name },
      },
      sensitive: true,
    }),
  );
  return true;
}
