import { $api, type Schemas } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useT, type MessageKey } from '../../../i18n/i18n';
import { SendButton } from '../../../ui/ApiForm';
import { FailureAlert } from '../../../ui/FailureAlert';
import { Details, useRecordTime } from '../../../ui/RecordPage';
import { useDayText, useSalon } from './salon';

type GiftCardDetail = Schemas['GiftCardDetail'];
type Transaction = GiftCardDetail['transactions'][number];

/**
 * What happened to a card: issued, spent at the till, or given back by a refund (a redemption
 * with a positive amount: the money returns to the card).
 */
function kindOf(transaction: Transaction): MessageKey {
  if (transaction.type === 'issue') return 'manage.offers.giftCards.issued';
  return transaction.amount > 0 ? 'manage.offers.giftCards.refunded' : 'manage.offers.giftCards.redeemed';
}

/**
 * A gift card's balance, what it was worth, its dates and recipient, and its history oldest first.
 * `heading`: h1 on the card's own page, h2 (the default) inside the gift cards page.
 */
export function GiftCardDetails({ card, heading: Heading = 'h2' }: { card: GiftCardDetail; heading?: 'h1' | 'h2' }) {
  const t = useT();
  const Sub = Heading === 'h1' ? 'h2' : 'h3';
  const { money } = useSalon();
  const day = useDayText();
  const salon = $api.useQuery('get', '/api/public/salon-page');
  const time = useRecordTime(salon.data);
  return (
    <>
      <Heading>{t('manage.offers.giftCards.card', { code: card.code })}</Heading>
      <Details
        label={t('manage.offers.giftCards.details')}
        details={[
          [t('manage.offers.giftCards.balance'), <strong key="b">{money(card.balance)}</strong>],
          [t('manage.offers.giftCards.value'), money(card.initial_value)],
          [
            t('manage.offers.giftCards.expires'),
            card.expires_on ? day(card.expires_on) : t('manage.offers.giftCards.never'),
          ],
          [t('manage.offers.state'), card.active ? t('manage.offers.active') : t('manage.offers.inactive')],
          [
            t('manage.offers.giftCards.recipient'),
            [card.recipient_name, card.recipient_email].filter(Boolean).join(' · '),
          ],
          [t('manage.offers.giftCards.message'), card.message],
        ]}
      />
      {card.recipient_email && card.active === 1 && <ResendEmail card={card} />}
      <Sub>{t('manage.offers.giftCards.history')}</Sub>
      <div
        className="offers-history-scroll"
        role="region"
        aria-label={t('manage.offers.giftCards.history')}
        tabIndex={0}
      >
        <table className="offers-history">
          <thead>
            <tr>
              <th scope="col">{t('manage.offers.giftCards.when')}</th>
              <th scope="col">{t('manage.offers.giftCards.what')}</th>
              <th scope="col">{t('manage.offers.giftCards.amount')}</th>
              <th scope="col">{t('manage.offers.giftCards.after')}</th>
            </tr>
          </thead>
          <tbody>
            {card.transactions.map((transaction) => (
              <tr key={transaction.id}>
                <td>{time(transaction.created_at)}</td>
                <td>{t(kindOf(transaction))}</td>
                <td>{money(transaction.amount)}</td>
                <td>{money(transaction.balance_after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * "Send the email again": to the address the card was issued to, never another (the code is
 * spendable by whoever reads it). Said done in a live region; a refusal as the rule it breaks.
 */
function ResendEmail({ card }: { card: GiftCardDetail }) {
  const t = useT();
  const resend = useApiMutation('post', '/api/giftcards/{id}/resend');
  return (
    <div className="offers-resend">
      <SendButton
        variant="secondary"
        sending={resend}
        onSend={() => resend.mutate({ params: { path: { id: card.id } } })}
      >
        {t('manage.offers.giftCards.resend', { email: card.recipient_email ?? '' })}
      </SendButton>
      <p role="status" className="offers-resent">
        {resend.data ? t('manage.offers.giftCards.resent', { email: resend.data.sent_to }) : ''}
      </p>
      <FailureAlert
        error={resend.error}
        words={{
          codes: {
            no_recipient_email: 'manage.offers.giftCards.noEmail',
            gift_card_inactive: 'manage.offers.giftCards.inactiveCard',
          },
        }}
      />
    </div>
  );
}
