import type { Schemas } from '../../../api/client';
import { errorCode } from '../../../api/errors';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { ApiForm, fieldText, SendButton, SubmitButton } from '../../../ui/ApiForm';
import { Checkbox } from '../../../ui/Checkbox';
import { FailureAlert } from '../../../ui/FailureAlert';
import { TextField } from '../../../ui/TextField';
import { RoleSelect } from './RoleSelect';
import { STAFF_WORDS } from './words';

type Member = Schemas['StaffListItem'];

/** The longest introduction the service keeps (the booking page shows it under the name). */
export const BIO_MAX = 500;

/**
 * A member's account: name, email, role, whether they take appointments, and the short
 * introduction the booking page shows. Deactivating (or reactivating) is its own button: a
 * deactivated member cannot sign in and leaves the booking page, and their bookings stay.
 */
export function MemberForm({ member }: { member: Member }) {
  const t = useT();
  const save = useApiMutation('put', '/api/staff/staff/{id}');
  const activation = useApiMutation('put', '/api/staff/staff/{id}');
  const checks = errorCode(save.error) === 'email_taken' ? { email: t('app.failure.code.email_taken') } : undefined;
  const path = { id: member.id };
  return (
    <section className="staff-section" aria-labelledby="staff-account">
      <h2 id="staff-account">{t('manage.staff.account')}</h2>
      <ApiForm
        sending={save}
        checks={checks}
        words={STAFF_WORDS}
        onSubmit={(form) =>
          save.mutate({
            params: { path },
            body: {
              name: fieldText(form, 'name'),
              email: fieldText(form, 'email').trim(),
              role: fieldText(form, 'role') === 'admin' ? 'admin' : 'staff',
              bookable: new FormData(form).has('bookable'),
              bio: fieldText(form, 'bio'),
            },
          })
        }
      >
        <TextField label={t('manage.staff.name')} name="name" isRequired maxLength={200} defaultValue={member.name} />
        <TextField
          label={t('manage.staff.email')}
          name="email"
          type="email"
          isRequired
          maxLength={254}
          defaultValue={member.email}
        />
        <RoleSelect defaultValue={member.role} />
        <Checkbox name="bookable" defaultSelected={member.bookable === 1}>
          {t('manage.staff.bookableField')}
        </Checkbox>
        <TextField
          label={t('manage.staff.bio')}
          description={t('manage.staff.bioHelp', { max: BIO_MAX })}
          name="bio"
          multiline
          maxLength={BIO_MAX}
          defaultValue={member.bio ?? ''}
        />
        <p role="status" className="staff-saved">
          {save.isSuccess ? t('manage.staff.saved') : ''}
        </p>
        <div className="actions">
          <SubmitButton sending={save}>{t('manage.staff.save')}</SubmitButton>
          <SendButton
            variant="secondary"
            sending={activation}
            onSend={() => activation.mutate({ params: { path }, body: { active: member.active === 0 } })}
          >
            {member.active === 0 ? t('manage.staff.reactivate') : t('manage.staff.deactivate')}
          </SendButton>
        </div>
        <FailureAlert error={activation.error} words={STAFF_WORDS} />
      </ApiForm>
    </section>
  );
}
