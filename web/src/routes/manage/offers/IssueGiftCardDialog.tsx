import type { Schemas } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { ApiForm, fieldText, SubmitButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/TextField';

/** An optional text typed: left out of the body when empty, so the service keeps its default. */
const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());

/** The form as the API's body (POST /api/giftcards): only the amount is required. */
function bodyOf(form: HTMLFormElement) {
  return {
    amount: Number(fieldText(form, 'amount').replace(',', '.')),
    expires_on: optional(fieldText(form, 'expires_on')),
    recipient_name: optional(fieldText(form, 'recipient_name')),
    recipient_email: optional(fieldText(form, 'recipient_email')),
    message: optional(fieldText(form, 'message')),
  };
}

/**
 * Issues a gift card directly, not through a sale at the till (a prize, a goodwill gesture, a
 * card sold elsewhere): its value, an optional last day, and whom it is for. With an email the
 * service sends the card there. The service makes the code; the new card's page opens.
 */
export function IssueGiftCardDialog({
  isOpen,
  onOpenChange,
  onIssued,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onIssued: (card: Schemas['GiftCardDetail']) => void;
}) {
  const t = useT();
  const issue = useApiMutation('post', '/api/giftcards', {
    onSuccess: (card) => {
      onOpenChange(false);
      onIssued(card);
    },
  });
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (issue.isPending) return;
        if (!open) issue.reset();
        onOpenChange(open);
      }}
      title={t('manage.offers.giftCards.issue')}
      isDismissable={!issue.isPending}
    >
      <ApiForm sending={issue} className="offers-form" onSubmit={(form) => issue.mutate({ body: bodyOf(form) })}>
        <p>{t('manage.offers.giftCards.issueHelp')}</p>
        <TextField
          label={t('manage.offers.giftCards.faceValue')}
          name="amount"
          inputMode="decimal"
          isRequired
          pattern="\d+([.,]\d{1,2})?"
          autoFocus
        />
        <TextField
          label={t('manage.offers.giftCards.expires')}
          description={t('manage.offers.giftCards.expiresHelp')}
          name="expires_on"
          type="date"
        />
        <TextField label={t('manage.offers.giftCards.recipientName')} name="recipient_name" maxLength={200} />
        <TextField
          label={t('manage.offers.giftCards.recipientEmail')}
          description={t('manage.offers.giftCards.recipientEmailHelp')}
          name="recipient_email"
          type="email"
          maxLength={254}
        />
        <TextField label={t('manage.offers.giftCards.message')} name="message" maxLength={1000} multiline />
        <div className="actions">
          <SubmitButton sending={issue}>{t('manage.offers.giftCards.issueSend')}</SubmitButton>
          <Button variant="secondary" onPress={() => !issue.isPending && onOpenChange(false)}>
            {t('manage.offers.cancel')}
          </Button>
        </div>
      </ApiForm>
    </Dialog>
  );
}
