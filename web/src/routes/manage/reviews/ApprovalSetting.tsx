import { $api } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { Checkbox } from '../../../ui/Checkbox';
import { FailureAlert } from '../../../ui/FailureAlert';
import { fieldErrors } from '../../../ui/failure';

/**
 * Whether a new review shows on the booking page at once or waits for the salon to publish it
 * (the settings' `reviews_need_approval`). A switch saved as it is ticked: one field, nothing to
 * type, so no separate save button; the status line says what was saved, a refusal its rule.
 */
export function ApprovalSetting() {
  const t = useT();
  const settings = $api.useQuery('get', '/api/settings');
  const save = useApiMutation('put', '/api/settings');
  const stored = (save.data ?? settings.data)?.reviews_need_approval === 1;
  const refusal = fieldErrors(save.error).reviews_need_approval;
  return (
    <section className="reviews-approval" aria-labelledby="reviews-approval-title">
      <h2 id="reviews-approval-title">{t('manage.reviews.approval.title')}</h2>
      {settings.data === undefined && settings.isError && <FailureAlert error={settings.error} />}
      <Checkbox
        name="reviews_need_approval"
        isSelected={save.isPending ? save.variables.body.reviews_need_approval === 1 : stored}
        isDisabled={settings.data === undefined}
        isInvalid={refusal !== undefined}
        aria-describedby="reviews-approval-about"
        onChange={(on) => {
          if (!save.isPending) save.mutate({ body: { reviews_need_approval: on ? 1 : 0 } });
        }}
      >
        {t('manage.reviews.approval.label')}
      </Checkbox>
      <p id="reviews-approval-about" className="description">
        {t('manage.reviews.approval.help')}
      </p>
      {refusal === undefined && save.error !== null && <FailureAlert error={save.error} />}
      {refusal !== undefined && (
        <p className="error" role="alert">
          {refusal}
        </p>
      )}
      <p role="status" className="manage-announce">
        {save.isSuccess ? t(stored ? 'manage.reviews.approval.savedOn' : 'manage.reviews.approval.savedOff') : ''}
      </p>
    </section>
  );
}
