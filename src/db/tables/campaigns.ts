import type { Generated } from 'kysely';

/* Tables of email campaigns (migration 0009_campaigns). Instants as UTC ISO text. */

/** A finished campaign is `sent`, `partly_failed` or `failed` by its delivery counts (0015). */
export type CampaignStatus = 'draft' | 'sending' | 'sent' | 'partly_failed' | 'failed';
export type RecipientStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';

export interface CampaignsTable {
  id: Generated<number>;
  name: string;
  subject: string;
  /** JSON array of blocks (their types and rendering: the campaigns module, blocks.ts) */
  blocks: string;
  /** JSON object of segment filters; null = no filter */
  segment_filters: string | null;
  status: Generated<CampaignStatus>;
  recipient_count: Generated<number>;
  sent_count: Generated<number>;
  failed_count: Generated<number>;
  skipped_count: Generated<number>;
  created_by: number | null;
  /** The seasonal promotion this campaign announced (automations) */
  promotion_id: number | null;
  started_at: string | null;
  finished_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface CampaignRecipientsTable {
  id: Generated<number>;
  campaign_id: number;
  client_id: number;
  email: string;
  status: Generated<RecipientStatus>;
  email_id: number | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}

export interface CampaignSegmentsTable {
  id: Generated<number>;
  name: string;
  /** JSON object */
  filters: string;
  created_at: string;
  updated_at: string;
}

export interface CampaignTemplatesTable {
  id: Generated<number>;
  name: string;
  /** JSON array of blocks */
  blocks: string;
  created_at: string;
  updated_at: string;
}

export interface FollowupStepsTable {
  id: Generated<number>;
  position: number;
  delay_days: number;
  subject: string;
  /** JSON array of blocks */
  blocks: string;
  active: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A client who followed an unsubscribe link: no campaign or automation reaches them after. */
export interface ClientUnsubscribesTable {
  client_id: number;
  created_at: string;
}

export interface CampaignTables {
  client_unsubscribes: ClientUnsubscribesTable;
  campaigns: CampaignsTable;
  campaign_recipients: CampaignRecipientsTable;
  campaign_segments: CampaignSegmentsTable;
  campaign_templates: CampaignTemplatesTable;
  followup_steps: FollowupStepsTable;
}
