import type { PageWords } from '../../../ui/FailureAlert';

/** The campaigns' refusals, said as the rules they are. */
export const CAMPAIGN_WORDS: PageWords = {
  codes: {
    campaigns_disabled: 'manage.campaigns.code.campaigns_disabled',
    campaign_already_sent: 'manage.campaigns.code.campaign_already_sent',
    campaign_not_editable: 'manage.campaigns.code.campaign_not_editable',
  },
};
