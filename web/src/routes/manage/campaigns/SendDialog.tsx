import { useRef } from 'react';
import { $api, api, type Schemas } from '../../../api/client';
import { useChange } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { SendButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { FailureAlert } from '../../../ui/FailureAlert';
import { CAMPAIGN_WORDS } from './campaign-words';

type Campaign = Schemas['Campaign'];
/** What the page holds of the campaign, saved before the send. */
interface Body {
  name: string;
  subject: string;
  blocks: Schemas['Block'][];
  segment_filters: Campaign['segment_filters'];
}

/**
 * The question before a send, naming how many clients receive it (counted again as the
 * dialog opens, with the filters on the page). Yes saves what is on the page and sends it;
 * the button ignores a second press while that is under way, and the service refuses a
 * second send of one campaign (409) whatever the page does.
 *
 * The second press of a double click is dropped by a ref, not by `isPending`: TanStack Query
 * tells the component of the pending send on a later task (its notifications are batched on a
 * timer), so a second press arriving before that render would start a second save-and-send
 * and meet the service's 409.
 */
export function SendDialog({ campaign, body, onClose }: { campaign: Campaign; body: Body; onClose: () => void }) {
  const t = useT();
  const count = $api.useQuery(
    'post',
    '/api/campaigns/segments/preview',
    { body: { filters: body.segment_filters, limit: 1 } },
    { staleTime: 0, refetchOnMount: 'always', retry: false },
  );
  const pressed = useRef(false);
  const send = useChange<Campaign, void>(['post', '/api/campaigns/{id}/send'], {
    mutationFn: async () => {
      const path = { params: { path: { id: campaign.id } } };
      await api.PUT('/api/campaigns/{id}', { ...path, body });
      const { data } = await api.POST('/api/campaigns/{id}/send', path);
      return data as Campaign;
    },
    onSuccess: onClose,
    // A refusal (the count changed, campaigns turned off) may be answered and tried again.
    onError: () => {
      pressed.current = false;
    },
  });
  const sendOnce = () => {
    if (pressed.current) return;
    pressed.current = true;
    send.mutate();
  };
  const recipients = count.isFetching ? undefined : count.data?.count;
  return (
    <Dialog
      isOpen
      role="alertdialog"
      onOpenChange={(open) => !open && !send.isPending && onClose()}
      title={t('manage.campaigns.sendTitle', { name: body.name })}
      isDismissable={!send.isPending}
    >
      <FailureAlert error={send.error ?? count.error} words={CAMPAIGN_WORDS} />
      <p>
        {recipients === undefined
          ? t('manage.campaigns.counting')
          : recipients === 0
            ? t('manage.campaigns.nobody')
            : t('manage.campaigns.sendQuestion', { count: recipients, subject: body.subject })}
      </p>
      <div className="actions">
        <SendButton sending={send} onSend={sendOnce} isDisabled={!recipients}>
          {recipients ? t('manage.campaigns.sendTo', { count: recipients }) : t('manage.campaigns.send')}
        </SendButton>
        <Button variant="secondary" onPress={onClose} isDisabled={send.isPending}>
          {t('manage.campaigns.cancel')}
        </Button>
      </div>
    </Dialog>
  );
}
