import type { Schemas } from '../../../api/client';
import { errorCode } from '../../../api/errors';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { ApiForm, fieldText, SubmitButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/TextField';
import { RoleSelect } from './RoleSelect';

/**
 * Registers a member: the service makes a temporary password and emails it in a welcome email
 * (the admin never sees it), and asks for a new one at the first sign-in. An email in use is said
 * on the email field; what was typed stays.
 */
export function RegisterDialog({
  isOpen,
  onOpenChange,
  onSaved,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onSaved: (member: Schemas['User']) => void;
}) {
  const t = useT();
  const register = useApiMutation('post', '/api/auth/register', {
    onSuccess: (member) => {
      onOpenChange(false);
      onSaved(member);
    },
  });
  const checks = errorCode(register.error) === 'email_taken' ? { email: t('app.failure.code.email_taken') } : undefined;
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (register.isPending) return;
        if (!open) register.reset();
        onOpenChange(open);
      }}
      title={t('manage.staff.register')}
      isDismissable={!register.isPending}
    >
      <ApiForm
        sending={register}
        checks={checks}
        onSubmit={(form) =>
          register.mutate({
            body: {
              name: fieldText(form, 'name'),
              email: fieldText(form, 'email').trim(),
              role: fieldText(form, 'role') === 'admin' ? 'admin' : 'staff',
            },
          })
        }
      >
        <p>{t('manage.staff.registerHelp')}</p>
        <TextField label={t('manage.staff.name')} name="name" isRequired maxLength={200} autoFocus />
        <TextField label={t('manage.staff.email')} name="email" type="email" isRequired maxLength={254} />
        <RoleSelect />
        <div className="actions">
          <SubmitButton sending={register}>{t('manage.staff.registerSend')}</SubmitButton>
          <Button variant="secondary" onPress={() => !register.isPending && onOpenChange(false)}>
            {t('manage.staff.cancel')}
          </Button>
        </div>
      </ApiForm>
    </Dialog>
  );
}
