import { useState } from 'react';
import type { Schemas } from '../../../api/client';
import { $api } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { SendButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { FailureAlert } from '../../../ui/FailureAlert';

type Member = Schemas['StaffListItem'];

/**
 * The member's calendar feed (iCal): their appointments in their phone's calendar. The service
 * shows a feed's address once, when it is made, so a new link is made here and shown to copy;
 * the existing links are listed (without their addresses) and can be revoked.
 */
export function FeedLink({ member }: { member: Member }) {
  const t = useT();
  const feeds = $api.useQuery('get', '/api/calendar-feeds');
  const create = useApiMutation('post', '/api/calendar-feeds');
  const revoke = useApiMutation('delete', '/api/calendar-feeds/{id}');
  const [copied, setCopied] = useState(false);
  const mine = (feeds.data ?? []).filter((feed) => feed.scope === 'staff' && feed.user_id === member.id);
  const url = create.data?.url;

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // Without clipboard access the address stays selected in its field, to copy by hand.
      setCopied(false);
    }
  };

  return (
    <section className="staff-section" aria-labelledby="staff-feed">
      <h2 id="staff-feed">{t('manage.staff.feed.title')}</h2>
      <p>{t('manage.staff.feed.help')}</p>
      {url ? (
        <div className="field">
          <label htmlFor="staff-feed-url">{t('manage.staff.feed.url')}</label>
          <input id="staff-feed-url" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
          <div className="actions">
            <Button onPress={() => void copy()}>{t('manage.staff.feed.copy')}</Button>
          </div>
          <p role="status">{copied ? t('manage.staff.feed.copied') : ''}</p>
        </div>
      ) : (
        <SendButton
          sending={create}
          onSend={() =>
            create.mutate({ body: { scope: 'staff', staff_id: member.id, name: t('manage.staff.feed.name') } })
          }
        >
          {t('manage.staff.feed.make')}
        </SendButton>
      )}
      <FailureAlert error={create.error} />
      {mine.length > 0 && (
        <ul className="staff-feeds">
          {mine.map((feed) => (
            <li key={feed.id}>
              <span>
                {feed.name}
                {feed.last_used_at ? ` · ${t('manage.staff.feed.used', { at: feed.last_used_at.slice(0, 16) })}` : ''}
              </span>
              <SendButton
                variant="secondary"
                sending={revoke}
                onSend={() => revoke.mutate({ params: { path: { id: feed.id } } })}
              >
                {t('manage.staff.feed.revoke')}
              </SendButton>
            </li>
          ))}
        </ul>
      )}
      <FailureAlert error={revoke.error} />
    </section>
  );
}
