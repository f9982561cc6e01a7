import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { formatInstant, nowIso } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';
import { storedBlocks } from './crud.js';
import type { TemplateInput } from './schemas.js';

/* Saved templates: block layouts to start a campaign from. */

interface TemplateRow {
  id: number;
  name: string;
  blocks: string;
  created_at: string;
  updated_at: string;
}

function toTemplate(row: TemplateRow, timezone: string) {
  return {
    id: row.id,
    name: row.name,
    blocks: JSON.parse(row.blocks) as never[],
    created_at: formatInstant(row.created_at, timezone),
    updated_at: formatInstant(row.updated_at, timezone),
  };
}

/** Every saved template, newest first. */
export async function listTemplates(ctx: AppContext) {
  const [rows, timezone] = await Promise.all([
    ctx.db.selectFrom('campaign_templates').selectAll().orderBy('id', 'desc').execute(),
    readTimezone(ctx.db),
  ]);
  return rows.map((row) => toTemplate(row, timezone));
}

export async function createTemplate(ctx: AppContext, input: TemplateInput) {
  const blocks = storedBlocks(input.blocks);
  const now = nowIso();
  const row = await ctx.db
    .insertInto('campaign_templates')
    .values({ name: input.name.trim(), blocks: JSON.stringify(blocks), created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTemplate(row, await readTimezone(ctx.db));
}

export async function deleteTemplate(ctx: AppContext, id: number): Promise<void> {
  const result = await ctx.db.deleteFrom('campaign_templates').where('id', '=', id).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notFound('Template');
}
