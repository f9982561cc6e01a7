import { useId, useState } from 'react';
import { Link } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../../src/lib/office-paths';
import { $api, type Schemas } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { FailureAlert } from '../../../ui/FailureAlert';
import { Loading, LoadError, useTitle } from '../../../ui/PageStates';
import { FollowupStepDialog } from './FollowupStepDialog';

type Step = Schemas['FollowupStep'];

/** The settings toggles of what the service sends or does on its own, in the order an owner meets them. */
const TOGGLES = [
  'bulk_campaigns_enabled',
  'followup_sequences_enabled',
  'product_recommendations_enabled',
  'seasonal_promotions_enabled',
] as const;
type Toggle = (typeof TOGGLES)[number];

/**
 * /manage/campaigns/automations: each automation behind its toggle (a setting, saved as it is
 * ticked), and the follow-up sequence, the emails sent some days after a visit, shown while
 * its toggle is on.
 */
export function AutomationsPage() {
  const t = useT();
  useTitle(t('manage.campaigns.automations.title'));
  const settings = $api.useQuery('get', '/api/settings');
  const save = useApiMutation('put', '/api/settings');
  const [pending, setPending] = useState<Toggle | null>(null);

  const body = () => {
    if (settings.isError) return <LoadError retry={() => void settings.refetch()} />;
    if (!settings.data) return <Loading />;
    const s = settings.data;
    return (
      <>
        <FailureAlert error={save.error} />
        <ul className="campaign-toggles">
          {TOGGLES.map((name) => (
            <li key={name}>
              <Checkbox
                isSelected={Boolean(s[name])}
                isDisabled={save.isPending && pending === name}
                onChange={(on) => {
                  setPending(name);
                  save.mutate({ body: { [name]: on ? 1 : 0 } });
                }}
              >
                {t(`manage.settings.field.${name}`)}
              </Checkbox>
              <p className="ordered-meta">{t(`manage.settings.help.${name}`)}</p>
            </li>
          ))}
        </ul>
        {s.followup_sequences_enabled ? (
          <FollowupSteps />
        ) : (
          <p className="description">{t('manage.campaigns.automations.followupsOff')}</p>
        )}
      </>
    );
  };
  return (
    <div className="manage-campaigns">
      <p className="manage-back">
        <Link href={officeHref.manageCampaigns()}>{t('manage.campaigns.back')}</Link>
      </p>
      <h1>{t('manage.campaigns.automations.title')}</h1>
      {body()}
    </div>
  );
}

function FollowupSteps() {
  const t = useT();
  const headingId = useId();
  const steps = $api.useQuery('get', '/api/campaigns/followup-steps');
  const [editing, setEditing] = useState<Step | 'new' | null>(null);
  const list = () => {
    if (steps.isError) return <LoadError retry={() => void steps.refetch()} />;
    if (!steps.data) return <Loading />;
    if (steps.data.length === 0) return <p>{t('manage.campaigns.steps.empty')}</p>;
    return (
      <ol className="campaigns-saved">
        {steps.data.map((step) => (
          <li key={step.id}>
            <span className="campaigns-saved-name">
              {step.subject}
              <span className="ordered-meta">
                {t('manage.campaigns.steps.after', { count: step.delay_days })}
                {step.active ? '' : ` · ${t('manage.campaigns.steps.inactive')}`}
              </span>
            </span>
            <Button variant="secondary" onPress={() => setEditing(step)}>
              {t('manage.campaigns.editNamed', { name: step.subject })}
            </Button>
          </li>
        ))}
      </ol>
    );
  };
  return (
    <section aria-labelledby={headingId} className="manage-block">
      <div className="manage-block-head">
        <h2 id={headingId}>{t('manage.campaigns.steps.title')}</h2>
        <Button onPress={() => setEditing('new')}>{t('manage.campaigns.steps.new')}</Button>
      </div>
      <p className="description">{t('manage.campaigns.steps.help')}</p>
      {list()}
      {editing !== null && (
        <FollowupStepDialog step={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}
