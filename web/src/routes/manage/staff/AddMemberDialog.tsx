import type { Schemas } from '../../../api/client';
import { errorCode } from '../../../api/errors';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { ApiForm, fieldText, SubmitButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/TextField';
import { RoleSelect } from './RoleSelect';

/**
 * Adds a member with a password the admin chooses and passes on in person (POST
 * /api/staff/staff): no email is sent, and the member signs in at once with it. The service
 * has no member without an account: every member has an email and a password. Whether they
 * take appointments is asked here (an owner or a receptionist does not). An email in use is
 * said on the email field; what was typed stays.
 */
export function AddMemberDialog({
  isOpen,
  onOpenChange,
  onSaved,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onSaved: (member: Schemas['StaffMember']) => void;
}) {
  const t = useT();
  const add = useApiMutation('post', '/api/staff/staff', {
    onSuccess: (member) => {
      onOpenChange(false);
      onSaved(member);
    },
  });
  const checks = errorCode(add.error) === 'email_taken' ? { email: t('app.failure.code.email_taken') } : undefined;
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (add.isPending) return;
        if (!open) add.reset();
        onOpenChange(open);
      }}
      title={t('manage.staff.add')}
      isDismissable={!add.isPending}
    >
      <ApiForm
        sending={add}
        checks={checks}
        onSubmit={(form) =>
          add.mutate({
            body: {
              name: fieldText(form, 'name'),
              email: fieldText(form, 'email').trim(),
              password: fieldText(form, 'password'),
              role: fieldText(form, 'role') === 'admin' ? 'admin' : 'staff',
              bookable: new FormData(form).has('bookable'),
            },
          })
        }
      >
        <p>{t('manage.staff.addHelp')}</p>
        <TextField label={t('manage.staff.name')} name="name" isRequired maxLength={200} autoFocus />
        <TextField label={t('manage.staff.email')} name="email" type="email" isRequired maxLength={254} />
        <TextField
          label={t('manage.staff.password')}
          description={t('manage.staff.passwordHelp')}
          name="password"
          type="password"
          autoComplete="new-password"
          isRequired
          minLength={8}
          maxLength={1024}
        />
        <RoleSelect />
        <Checkbox name="bookable" defaultSelected>
          {t('manage.staff.bookableField')}
        </Checkbox>
        <div className="actions">
          <SubmitButton sending={add}>{t('manage.staff.addSend')}</SubmitButton>
          <Button variant="secondary" onPress={() => !add.isPending && onOpenChange(false)}>
            {t('manage.staff.cancel')}
          </Button>
        </div>
      </ApiForm>
    </Dialog>
  );
}
