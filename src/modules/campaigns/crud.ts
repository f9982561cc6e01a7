import type { Selectable, Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { CampaignsTable } from '../../db/tables/campaigns.js';
import type { DB } from '../../db/types.js';
import type { AuthUser } from '../../http/auth.js';
import { paginate, type PageRequest } from '../../http/pagination.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { formatInstant, nowIso } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';
import { blockTexts, checkBlocks, MERGE_TAGS, unknownMergeTags, type BlockInput, type StoredBlock } from './blocks.js';
import type { CampaignCreateInput, CampaignOutput, CampaignUpdateInput } from './schemas.js';
import { normaliseFilters, type SegmentFiltersInput } from './segments.js';
import { lockRows } from '../../db/locks.js';
import { officeHref } from '../../lib/office-paths.js';

export type CampaignRow = Selectable<CampaignsTable>;

export const campaignLink = officeHref.campaign;

export function toCampaign(row: CampaignRow, timezone: string): CampaignOutput {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    blocks: JSON.parse(row.blocks) as CampaignOutput['blocks'],
    segment_filters: row.segment_filters ? (JSON.parse(row.segment_filters) as SegmentFiltersInput) : {},
    status: row.status,
    recipient_count: row.recipient_count,
    sent_count: row.sent_count,
    failed_count: row.failed_count,
    skipped_count: row.skipped_count,
    pending_count: Math.max(0, row.recipient_count - row.sent_count - row.failed_count - row.skipped_count),
    started_at: formatInstant(row.started_at, timezone),
    finished_at: formatInstant(row.finished_at, timezone),
    created_at: formatInstant(row.created_at, timezone),
    updated_at: formatInstant(row.updated_at, timezone),
  };
}

/**
 * Blocks as stored, or 400 `validation_failed` naming each block field that breaks a rule, or
 * 400 `unknown_placeholder` naming each merge tag that is not one (`subject`: checked with them).
 */
export function storedBlocks(blocks: BlockInput[], field = 'blocks', subject?: string): StoredBlock[] {
  const checked = checkBlocks(blocks, field);
  if (checked.errors.length > 0) throw badRequest('validation_failed', 'Invalid email blocks', checked.errors);
  checkMergeTags([
    ...(subject === undefined ? [] : [{ field: 'subject', text: subject }]),
    ...blockTexts(checked.blocks, field),
  ]);
  return checked.blocks;
}

/** 400 `unknown_placeholder` naming each tag of the texts that is not a merge tag. */
export function checkMergeTags(texts: { field: string; text: string }[]): void {
  const details = texts.flatMap(({ field, text }) =>
    unknownMergeTags(text).map((name) => ({
      field,
      message: `unknown merge tag {${name}}; allowed: ${MERGE_TAGS.map((tag) => `{${tag}}`).join(', ')}`,
    })),
  );
  if (details.length > 0) {
    const names = [...new Set(details.map((detail) => /\{[^}]*\}/.exec(detail.message)![0]))].join(', ');
    throw badRequest('unknown_placeholder', `Unknown merge tag ${names}`, details);
  }
}

export async function listCampaigns(ctx: AppContext, request: PageRequest) {
  const timezone = await readTimezone(ctx.db);
  const query = ctx.db.selectFrom('campaigns').selectAll().orderBy('id', 'desc');
  return paginate(
    query,
    async () =>
      Number(
        (
          await ctx.db
            .selectFrom('campaigns')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    request,
    (row) => toCampaign(row, timezone),
  );
}

export async function getCampaign(ctx: AppContext, id: number): Promise<CampaignOutput> {
  const [row, timezone] = await Promise.all([
    ctx.db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst(),
    readTimezone(ctx.db),
  ]);
  if (!row) throw notFound('Campaign');
  return toCampaign(row, timezone);
}

export async function createCampaign(
  ctx: AppContext,
  caller: AuthUser,
  input: CampaignCreateInput,
): Promise<CampaignOutput> {
  const blocks = storedBlocks(input.blocks, 'blocks', input.subject);
  const now = nowIso();
  const row = await ctx.db
    .insertInto('campaigns')
    .values({
      name: input.name.trim(),
      subject: input.subject.trim(),
      blocks: JSON.stringify(blocks),
      segment_filters: JSON.stringify(normaliseFilters(input.segment_filters)),
      created_by: caller.id,
      started_at: null,
      finished_at: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toCampaign(row, await readTimezone(ctx.db));
}

/** The campaign row, locked for the rest of the transaction (SQLite write transactions are exclusive). */
export async function lockCampaign(trx: Transaction<DB>, ctx: AppContext, id: number): Promise<CampaignRow> {
  let query = trx.selectFrom('campaigns').selectAll().where('id', '=', id);
  query = lockRows(query, ctx.dialect);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('Campaign');
  return row;
}

const notEditable = (row: CampaignRow) =>
  conflict(
    'campaign_not_editable',
    row.status === 'sending'
      ? 'This campaign is being sent'
      : 'This campaign has been sent and can no longer be changed',
  );

/** Only a draft changes: what was sent stays the record of what recipients received. */
export async function updateCampaign(ctx: AppContext, id: number, input: CampaignUpdateInput): Promise<CampaignOutput> {
  const blocks = input.blocks === undefined ? undefined : storedBlocks(input.blocks);
  if (input.subject !== undefined) checkMergeTags([{ field: 'subject', text: input.subject }]);
  const timezone = await readTimezone(ctx.db);
  return ctx.db.transaction().execute(async (trx) => {
    const current = await lockCampaign(trx, ctx, id);
    if (current.status !== 'draft') throw notEditable(current);
    const row = await trx
      .updateTable('campaigns')
      .set({
        ...(input.name !== undefined && { name: input.name.trim() }),
        ...(input.subject !== undefined && { subject: input.subject.trim() }),
        ...(blocks !== undefined && { blocks: JSON.stringify(blocks) }),
        ...(input.segment_filters !== undefined && {
          segment_filters: JSON.stringify(normaliseFilters(input.segment_filters)),
        }),
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toCampaign(row, timezone);
  });
}

/** A draft or a finished campaign may go; one being sent has jobs in flight (409). */
export async function deleteCampaign(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await lockCampaign(trx, ctx, id);
    if (current.status === 'sending') throw notEditable(current);
    await trx.deleteFrom('campaigns').where('id', '=', id).execute();
  });
}
