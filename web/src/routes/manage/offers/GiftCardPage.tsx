import { useState } from 'react';
import { Link, useLocation } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../../src/lib/office-paths';
import { $api, type Schemas } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { ApiForm, fieldText, SendButton, SubmitButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { Dialog } from '../../../ui/Dialog';
import { FailureAlert } from '../../../ui/FailureAlert';
import { useTitle } from '../../../ui/PageStates';
import { RecordState } from '../../../ui/RecordPage';
import { TextField } from '../../../ui/TextField';
import { GiftCardDetails } from './GiftCardDetails';

type GiftCardDetail = Schemas['GiftCardDetail'];

/**
 * /manage/offers/gift-cards/:id: one card read by its id, so a link to it (from the list, after
 * issuing it) opens the same card after a reload: its balance and history, what may change
 * (last day, switched on or off, recipient's name, message; the balance changes only at the
 * till), and deleting it, which the service allows only for a card never sold nor spent.
 */
export function GiftCardPage({ id }: { id: number }) {
  const t = useT();
  const card = $api.useQuery('get', '/api/giftcards/{id}', { params: { path: { id } } });
  useTitle(
    card.data ? t('manage.offers.giftCards.card', { code: card.data.code }) : t('manage.offers.giftCards.title'),
  );
  return (
    <>
      <p className="manage-back">
        <Link href={officeHref.manageGiftCards()}>{t('manage.offers.giftCards.back')}</Link>
      </p>
      {card.data ? (
        <section className="offers-card" aria-label={t('manage.offers.giftCards.card', { code: card.data.code })}>
          <GiftCardDetails card={card.data} heading="h1" />
          <GiftCardEdit card={card.data} />
          <DeleteGiftCard card={card.data} />
        </section>
      ) : (
        <RecordState
          query={card}
          title={t('manage.offers.giftCards.title')}
          missing={t('manage.offers.giftCards.missing')}
        />
      )}
    </>
  );
}

/**
 * What the service lets change on a card (PUT /api/giftcards/{id}): every field sent, as the
 * form shows it. The fields keep what was typed, which after a save is what the card holds.
 */
function GiftCardEdit({ card }: { card: GiftCardDetail }) {
  const t = useT();
  const update = useApiMutation('put', '/api/giftcards/{id}');
  return (
    <section aria-labelledby="gift-card-edit" className="offers-edit">
      <h2 id="gift-card-edit">{t('manage.offers.giftCards.edit')}</h2>
      <ApiForm
        sending={update}
        className="offers-form"
        onSubmit={(form) => {
          const expires = fieldText(form, 'expires_on');
          update.mutate({
            params: { path: { id: card.id } },
            body: {
              expires_on: expires === '' ? null : expires,
              active: new FormData(form).has('active') ? 1 : 0,
              recipient_name: fieldText(form, 'recipient_name'),
              message: fieldText(form, 'message'),
            },
          });
        }}
      >
        <TextField
          label={t('manage.offers.giftCards.expires')}
          description={t('manage.offers.giftCards.expiresHelp')}
          name="expires_on"
          type="date"
          defaultValue={card.expires_on ?? ''}
        />
        <TextField
          label={t('manage.offers.giftCards.recipientName')}
          name="recipient_name"
          maxLength={200}
          defaultValue={card.recipient_name}
        />
        <TextField
          label={t('manage.offers.giftCards.message')}
          name="message"
          maxLength={1000}
          multiline
          defaultValue={card.message}
        />
        <Checkbox name="active" defaultSelected={card.active === 1}>
          {t('manage.offers.giftCards.on')}
        </Checkbox>
        <div className="actions">
          <SubmitButton sending={update}>{t('manage.offers.save')}</SubmitButton>
        </div>
        <p role="status">{update.isSuccess ? t('manage.offers.giftCards.saved') : ''}</p>
      </ApiForm>
    </section>
  );
}

/**
 * Deleting a card, after a question naming it. A card sold at the till or spent stays (409
 * `gift_card_in_use`): the refusal says to switch it off instead, and the question stays open.
 */
function DeleteGiftCard({ card }: { card: GiftCardDetail }) {
  const t = useT();
  const [, navigate] = useLocation();
  const [asking, setAsking] = useState(false);
  const remove = useApiMutation('delete', '/api/giftcards/{id}', {
    onSuccess: () => navigate(officeHref.manageGiftCards(), { replace: true }),
  });
  return (
    <div className="offers-danger">
      <Button variant="secondary" onPress={() => setAsking(true)}>
        {t('manage.offers.giftCards.delete')}
      </Button>
      <Dialog
        isOpen={asking}
        onOpenChange={(open) => {
          if (remove.isPending) return;
          if (!open) remove.reset();
          setAsking(open);
        }}
        title={t('manage.offers.giftCards.deleteTitle', { code: card.code })}
        role="alertdialog"
        isDismissable={!remove.isPending}
      >
        <p>{t('manage.offers.giftCards.deleteQuestion', { code: card.code })}</p>
        <FailureAlert error={remove.error} words={{ codes: { gift_card_in_use: 'manage.offers.giftCards.inUse' } }} />
        <div className="actions">
          <SendButton sending={remove} onSend={() => remove.mutate({ params: { path: { id: card.id } } })}>
            {t('manage.offers.giftCards.deleteConfirm')}
          </SendButton>
          <Button variant="secondary" onPress={() => !remove.isPending && setAsking(false)}>
            {t('manage.offers.cancel')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
