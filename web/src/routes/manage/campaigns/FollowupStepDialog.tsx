import { useState } from 'react';
import type { Schemas } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { ApiForm, SendButton, SubmitButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { Dialog } from '../../../ui/Dialog';
import { FailureAlert } from '../../../ui/FailureAlert';
import { fieldErrors } from '../../../ui/failure';
import { TextField } from '../../../ui/TextField';
import { BlockEditor } from './BlockEditor';
import { toBlocks, toDrafts, type DraftBlock } from './block-drafts';

type Step = Schemas['FollowupStep'];

/**
 * One step of the follow-up sequence: how many days after the visit, its subject and blocks
 * (the campaign editor's), whether it is sent; a step is removed here too.
 */
export function FollowupStepDialog({ step, onClose }: { step?: Step; onClose: () => void }) {
  const t = useT();
  const [delay, setDelay] = useState(step ? String(step.delay_days) : '3');
  const [subject, setSubject] = useState(step?.subject ?? t('manage.campaigns.steps.subject'));
  const [active, setActive] = useState(step ? step.active === 1 : true);
  const [blocks, setBlocks] = useState<DraftBlock[]>(() =>
    toDrafts(step?.blocks ?? [{ type: 'text', text: t('manage.campaigns.steps.text') }]),
  );
  const [announced, setAnnounced] = useState('');
  const create = useApiMutation('post', '/api/campaigns/followup-steps', { onSuccess: onClose });
  const update = useApiMutation('put', '/api/campaigns/followup-steps/{id}', { onSuccess: onClose });
  const remove = useApiMutation('delete', '/api/campaigns/followup-steps/{id}', { onSuccess: onClose });
  const sending = step ? update : create;
  const busy = sending.isPending || remove.isPending;
  const delayDays = /^\d+$/.test(delay.trim()) ? Number(delay) : (delay as unknown as number);
  const body = {
    delay_days: delayDays,
    subject,
    blocks: toBlocks(blocks),
    active: active ? (1 as const) : (0 as const),
  };
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && !busy && onClose()}
      title={step ? t('manage.campaigns.editNamed', { name: step.subject }) : t('manage.campaigns.steps.new')}
      isDismissable={!busy}
    >
      <p role="status" className="manage-announce">
        {announced}
      </p>
      <ApiForm
        sending={sending}
        onSubmit={() => (step ? update.mutate({ params: { path: { id: step.id } }, body }) : create.mutate({ body }))}
      >
        <TextField
          name="delay_days"
          label={t('manage.campaigns.steps.delay')}
          inputMode="numeric"
          value={delay}
          onChange={setDelay}
          isRequired
        />
        <TextField
          name="subject"
          label={t('manage.campaigns.subject')}
          value={subject}
          onChange={setSubject}
          isRequired
          maxLength={200}
        />
        <Checkbox isSelected={active} onChange={setActive}>
          {t('manage.campaigns.steps.active')}
        </Checkbox>
        <BlockEditor blocks={blocks} onChange={setBlocks} errors={fieldErrors(sending.error)} announce={setAnnounced} />
        <div className="actions">
          <SubmitButton sending={sending}>{t('manage.campaigns.save')}</SubmitButton>
          <Button variant="secondary" onPress={onClose} isDisabled={busy}>
            {t('manage.campaigns.cancel')}
          </Button>
        </div>
      </ApiForm>
      {step && (
        <>
          <FailureAlert error={remove.error} />
          <SendButton
            variant="secondary"
            sending={remove}
            onSend={() => remove.mutate({ params: { path: { id: step.id } } })}
          >
            {t('manage.campaigns.steps.remove')}
          </SendButton>
        </>
      )}
    </Dialog>
  );
}
