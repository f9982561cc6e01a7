import { useId } from 'react';
import type { Schemas } from '../../api/client';
import { errorCode } from '../../api/errors';
import { useApiMutation } from '../../api/mutation';
import { useT } from '../../i18n/i18n';
import { ApiForm, fieldText, SubmitButton } from '../../ui/ApiForm';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';

type Client = Schemas['Client'];

const GENDERS = ['female', 'male', 'non_binary', 'other'] as const;
const LANGUAGES = ['en', 'nl'] as const;

/** The form's fields as the API's body: every field sent, so an edit says the whole client. */
function bodyOf(form: HTMLFormElement) {
  const data = new FormData(form);
  const birthday = fieldText(form, 'birthday');
  return {
    name: fieldText(form, 'name'),
    email: fieldText(form, 'email').trim(),
    phone: fieldText(form, 'phone'),
    birthday: birthday === '' ? null : birthday,
    notes: fieldText(form, 'notes'),
    labels: [
      ...new Set(
        fieldText(form, 'labels')
          .split(',')
          .map((label) => label.trim())
          .filter((label) => label !== ''),
      ),
    ],
    gender: GENDERS.find((gender) => gender === fieldText(form, 'gender')) ?? ('' as const),
    language: LANGUAGES.find((language) => language === fieldText(form, 'language')) ?? null,
    sms_consent: data.has('sms_consent'),
    marketing_consent: data.has('marketing_consent'),
  };
}

/**
 * A client's form in a dialog: a new client (then `onSaved` gets them) or the card's client
 * edited. The service's refusals land on their fields (a 400's details; the 409 of an email
 * another client has is said on the email field); what was typed stays after any failure.
 */
export function ClientFormDialog({
  isOpen,
  onOpenChange,
  client,
  onSaved,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The client edited; absent for a new one. */
  client?: Client;
  onSaved: (client: Client) => void;
}) {
  const t = useT();
  const genderId = useId();
  const languageId = useId();
  const saved = (result: Client) => {
    onOpenChange(false);
    onSaved(result);
  };
  const create = useApiMutation('post', '/api/clients', { onSuccess: saved });
  const update = useApiMutation('put', '/api/clients/{id}', { onSuccess: saved });
  const sending = client ? update : create;
  const checks = errorCode(sending.error) === 'email_taken' ? { email: t('app.failure.code.email_taken') } : undefined;
  const submit = (form: HTMLFormElement) => {
    const body = bodyOf(form);
    if (client) update.mutate({ params: { path: { id: client.id } }, body });
    else create.mutate({ body });
  };

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (sending.isPending) return;
        if (!open) sending.reset();
        onOpenChange(open);
      }}
      title={client ? t('clients.form.editTitle', { name: client.name }) : t('clients.form.newTitle')}
      isDismissable={!sending.isPending}
    >
      <ApiForm sending={sending} onSubmit={submit} checks={checks} className="client-form">
        <TextField
          label={t('clients.column.name')}
          name="name"
          isRequired
          maxLength={200}
          defaultValue={client?.name}
          autoFocus
        />
        <TextField
          label={t('clients.column.email')}
          name="email"
          type="email"
          maxLength={254}
          defaultValue={client?.email ?? ''}
        />
        <TextField
          label={t('clients.column.phone')}
          name="phone"
          type="tel"
          maxLength={50}
          defaultValue={client?.phone}
        />
        <TextField
          label={t('clients.form.birthday')}
          name="birthday"
          type="date"
          defaultValue={client?.birthday ?? ''}
        />
        <div className="field">
          <label htmlFor={genderId}>{t('clients.form.gender')}</label>
          <select id={genderId} name="gender" defaultValue={client?.gender ?? ''}>
            <option value="">{t('clients.form.genderNone')}</option>
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {t('clients.form.genderOf', { gender })}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={languageId}>{t('clients.form.language')}</label>
          <select id={languageId} name="language" defaultValue={client?.language ?? ''}>
            <option value="">{t('clients.form.languageSalon')}</option>
            <option value="en" lang="en">
              English
            </option>
            <option value="nl" lang="nl">
              Nederlands
            </option>
          </select>
        </div>
        <TextField
          label={t('clients.card.labels')}
          description={t('clients.form.labelsHelp')}
          name="labels"
          defaultValue={client?.labels.join(', ')}
        />
        <TextField
          label={t('clients.card.notes')}
          name="notes"
          multiline
          maxLength={5000}
          defaultValue={client?.notes}
        />
        <Checkbox name="sms_consent" defaultSelected={client?.sms_consent === 1}>
          {t('clients.form.smsConsent')}
        </Checkbox>
        <Checkbox name="marketing_consent" defaultSelected={client?.marketing_consent === 1}>
          {t('clients.form.marketingConsent')}
        </Checkbox>
        <div className="actions">
          <SubmitButton sending={sending}>{client ? t('clients.form.save') : t('clients.form.create')}</SubmitButton>
          <Button variant="secondary" onPress={() => !sending.isPending && onOpenChange(false)}>
            {t('clients.form.cancel')}
          </Button>
        </div>
      </ApiForm>
    </Dialog>
  );
}
