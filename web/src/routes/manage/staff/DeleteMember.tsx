import { useState } from 'react';
import { useLocation } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../../src/lib/office-paths';
import type { Schemas } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { SendButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { FailureAlert } from '../../../ui/FailureAlert';
import { STAFF_WORDS } from './words';

/**
 * Removing a member for good, with their shifts, default week, time off and devices, after a
 * question naming them. The service keeps a member whom bookings or sales still name (409
 * `staff_in_use`: deactivate them instead) and the last admin (409 `last_admin`); the refusal
 * is said in the question, which stays open.
 */
export function DeleteMember({ member }: { member: Schemas['StaffListItem'] }) {
  const t = useT();
  const [, navigate] = useLocation();
  const [asking, setAsking] = useState(false);
  const remove = useApiMutation('delete', '/api/staff/staff/{id}', {
    onSuccess: () => navigate(officeHref.manageStaff(), { replace: true }),
  });
  return (
    <section className="staff-section" aria-labelledby="staff-delete">
      <h2 id="staff-delete">{t('manage.staff.delete.title')}</h2>
      <p>{t('manage.staff.delete.help')}</p>
      <Button variant="secondary" onPress={() => setAsking(true)}>
        {t('manage.staff.delete.open', { name: member.name })}
      </Button>
      <Dialog
        isOpen={asking}
        onOpenChange={(open) => {
          if (remove.isPending) return;
          if (!open) remove.reset();
          setAsking(open);
        }}
        title={t('manage.staff.delete.open', { name: member.name })}
        role="alertdialog"
        isDismissable={!remove.isPending}
      >
        <p>{t('manage.staff.delete.question', { name: member.name })}</p>
        <FailureAlert error={remove.error} words={STAFF_WORDS} />
        <div className="actions">
          <SendButton sending={remove} onSend={() => remove.mutate({ params: { path: { id: member.id } } })}>
            {t('manage.staff.delete.confirm')}
          </SendButton>
          <Button variant="secondary" onPress={() => !remove.isPending && setAsking(false)}>
            {t('manage.staff.cancel')}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
