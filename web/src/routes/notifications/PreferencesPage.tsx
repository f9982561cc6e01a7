import { useState } from 'react';
import { Link } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../src/lib/office-paths';
import { $api, type Schemas } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useT, type MessageKey } from '../../i18n/i18n';
import { ApiForm, SubmitButton } from '../../ui/ApiForm';
import { NativeCheckbox } from '../../ui/NativeCheckbox';
import { Loading, LoadError, useTitle } from '../../ui/PageStates';
import { TYPE_PREFIXES, type TypePrefix } from './notification-list';
import { PushDevice } from './PushDevice';
import './notifications.css';

type Preferences = Schemas['NotificationPreferences'];
type Channel = 'in_app' | 'push' | 'email';

const CHANNELS: readonly Channel[] = ['in_app', 'push', 'email'];

/** Each type's name; a type the service adds later shows as the service names it. */
const KINDS: Partial<Record<string, MessageKey>> = {
  'booking.new': 'notifications.kind.booking_new',
  'booking.cancelled': 'notifications.kind.booking_cancelled',
  'booking.updated': 'notifications.kind.booking_updated',
  'booking.request': 'notifications.kind.booking_request',
  'booking.followup': 'notifications.kind.booking_followup',
  'booking.visit_overdue': 'notifications.kind.booking_visit_overdue',
  'inventory.low_stock': 'notifications.kind.inventory_low_stock',
  'review.new': 'notifications.kind.review_new',
  'pos.payment_failed': 'notifications.kind.pos_payment_failed',
  'pos.noshow_fee_paid': 'notifications.kind.pos_noshow_fee_paid',
  'pos.deposit_late': 'notifications.kind.pos_deposit_late',
  'campaign.sent': 'notifications.kind.campaign_sent',
  'waitlist.join': 'notifications.kind.waitlist_join',
  'waitlist.slot_available': 'notifications.kind.waitlist_slot_available',
  'webhook.endpoint_disabled': 'notifications.kind.webhook_endpoint_disabled',
  'sms.daily_limit_reached': 'notifications.kind.sms_daily_limit_reached',
};

const isPrefix = (area: string): area is Exclude<TypePrefix, ''> =>
  area !== '' && (TYPE_PREFIXES as readonly string[]).includes(area);

/**
 * /notifications/preferences: where the signed-in person hears of each kind of notification:
 * in the app (the bell), on their phone (push) and by email. The service lists every type it
 * knows with the person's choice or its default; the page sends them all back on "Save".
 */
export function PreferencesPage() {
  const t = useT();
  useTitle(t('notifications.preferences.title'));
  const stored = $api.useQuery('get', '/api/notifications/preferences');
  return (
    <>
      <p className="notifications-links">
        <Link href={officeHref.notifications()}>{t('notifications.preferences.back')}</Link>
      </p>
      <h1 className="notifications-heading">{t('notifications.preferences.title')}</h1>
      <PushDevice />
      <p>{t('notifications.preferences.intro')}</p>
      {stored.isError ? (
        <LoadError retry={() => void stored.refetch()} />
      ) : !stored.data ? (
        <Loading />
      ) : (
        <PreferencesForm stored={stored.data} />
      )}
    </>
  );
}

/** Types grouped by their area (`booking.new` → `booking`), in the service's order. */
function byArea(types: string[]): [string, string[]][] {
  const areas = new Map<string, string[]>();
  for (const type of types) {
    const area = type.split('.')[0] ?? type;
    areas.set(area, [...(areas.get(area) ?? []), type]);
  }
  return [...areas];
}

function PreferencesForm({ stored }: { stored: Preferences }) {
  const t = useT();
  const [choices, setChoices] = useState<Preferences>(stored);
  const [said, setSaid] = useState('');
  const save = useApiMutation('put', '/api/notifications/preferences', {
    onSuccess: (answer) => {
      setChoices(answer);
      setSaid(t('notifications.preferences.saved'));
    },
  });
  const set = (type: string, channel: Channel, on: boolean) => {
    setSaid('');
    setChoices((now) => ({ ...now, [type]: { ...now[type]!, [channel]: on } }));
  };
  const name = (type: string) => {
    const key = KINDS[type];
    return key ? t(key) : type;
  };
  return (
    <ApiForm sending={save} onSubmit={() => save.mutate({ body: choices })} className="preferences">
      {byArea(Object.keys(choices)).map(([area, types]) => (
        <section key={area} className="preferences-area" aria-labelledby={`preferences-${area}`}>
          <h2 id={`preferences-${area}`}>{isPrefix(area) ? t(`notifications.prefix.${area}`) : area}</h2>
          {types.map((type) => (
            <fieldset key={type} className="preferences-type">
              <legend>{name(type)}</legend>
              <div className="preferences-channels">
                {CHANNELS.map((channel) => (
                  <NativeCheckbox
                    key={channel}
                    checked={choices[type]![channel]}
                    onChange={(on) => set(type, channel, on)}
                  >
                    {t(`notifications.channel.${channel}`)}
                  </NativeCheckbox>
                ))}
              </div>
            </fieldset>
          ))}
        </section>
      ))}
      <p role="status" className={said ? 'notice' : undefined}>
        {said}
      </p>
      <div className="actions">
        <SubmitButton sending={save}>{t('notifications.preferences.save')}</SubmitButton>
      </div>
    </ApiForm>
  );
}
