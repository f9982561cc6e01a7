import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { formatInstant, nowIso } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';
import type { SegmentInput } from './schemas.js';
import { normaliseFilters, recipientQuery, type SegmentFiltersInput } from './segments.js';

/* Saved segments: named filter sets to start a campaign from. */

interface SegmentRow {
  id: number;
  name: string;
  filters: string;
  created_at: string;
  updated_at: string;
}

function toSegment(row: SegmentRow, timezone: string) {
  return {
    id: row.id,
    name: row.name,
    filters: JSON.parse(row.filters) as SegmentFiltersInput,
    created_at: formatInstant(row.created_at, timezone),
    updated_at: formatInstant(row.updated_at, timezone),
  };
}

/** Every saved segment, newest first. */
export async function listSegments(ctx: AppContext) {
  const [rows, timezone] = await Promise.all([
    ctx.db.selectFrom('campaign_segments').selectAll().orderBy('id', 'desc').execute(),
    readTimezone(ctx.db),
  ]);
  return rows.map((row) => toSegment(row, timezone));
}

export async function createSegment(ctx: AppContext, input: SegmentInput) {
  const now = nowIso();
  const row = await ctx.db
    .insertInto('campaign_segments')
    .values({
      name: input.name.trim(),
      filters: JSON.stringify(normaliseFilters(input.filters)),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSegment(row, await readTimezone(ctx.db));
}

export async function deleteSegment(ctx: AppContext, id: number): Promise<void> {
  const result = await ctx.db.deleteFrom('campaign_segments').where('id', '=', id).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notFound('Segment');
}

/**
 * Who a send with these filters would reach right now: the count and the first recipients
 * by name. The same query the send runs, so the preview cannot disagree with it.
 */
export async function previewSegment(ctx: AppContext, filters: SegmentFiltersInput | undefined, limit = 20) {
  const timezone = await readTimezone(ctx.db);
  const query = recipientQuery(ctx.db, filters ?? {}, { timezone });
  const [count, recipients] = await Promise.all([
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    query
      .select(['c.id', 'c.name', 'c.email'])
      .orderBy((eb) => eb.fn('lower', ['c.name']))
      .orderBy('c.id')
      .limit(limit)
      .execute(),
  ]);
  return {
    count: Number(count.n),
    recipients: recipients.map((r) => ({ id: r.id, name: r.name, email: r.email ?? '' })),
  };
}
