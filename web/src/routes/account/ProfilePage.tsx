import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Form, Label, Radio, RadioGroup } from 'react-aria-components';
import { ApiError } from '../../api/client';
import { renameSignedInClient } from '../../api/client-session';
import { profileQuery, updateProfile, type ClientProfile, type ProfileChanges } from '../../api/me';
import { useT } from '../../i18n/i18n';
import { LANGUAGES } from '../../lib/language';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Loading, LoadError } from '../../ui/PageStates';
import { TextField } from '../../ui/TextField';
import { PageHeading } from './PageHeading';
import { PasswordForm } from './PasswordForm';
import { RequireClient } from './RequireClient';
import { SignOutButton } from './SignOutButton';
import './account.css';

/** /client/profile: name, phone, language, the two consents; the password; signing out. */
export default function ProfilePage() {
  return <RequireClient>{() => <Profile />}</RequireClient>;
}

function Profile() {
  const t = useT();
  const profile = useQuery(profileQuery);
  return (
    <>
      <PageHeading>{t('account.profile.title')}</PageHeading>
      {profile.isError ? (
        <LoadError retry={() => void profile.refetch()} />
      ) : !profile.data ? (
        <Loading />
      ) : (
        <>
          <ProfileForm profile={profile.data} />
          <section className="step" aria-labelledby="password-title">
            <h2 id="password-title">{t('account.password.title')}</h2>
            <PasswordForm hasPassword={profile.data.has_password} />
          </section>
          <SignOutButton />
        </>
      )}
    </>
  );
}

const SALON_LANGUAGE = 'salon';

function ProfileForm({ profile }: { profile: ClientProfile }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [changes, setChanges] = useState<Required<ProfileChanges>>({
    name: profile.name,
    phone: profile.phone,
    language: profile.language,
    marketing_consent: profile.marketing_consent,
    sms_consent: profile.sms_consent,
  });
  const save = useMutation({
    mutationFn: (body: ProfileChanges) => updateProfile(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileQuery.queryKey, saved);
      renameSignedInClient(saved.name);
    },
  });
  const set =
    <K extends keyof ProfileChanges>(field: K) =>
    (value: Required<ProfileChanges>[K]) => {
      save.reset();
      setChanges((current) => ({ ...current, [field]: value }));
    };

  const serverErrors =
    save.error instanceof ApiError && save.error.status === 400
      ? Object.fromEntries((save.error.body?.details ?? []).map((detail) => [detail.field, detail.message]))
      : {};
  const failure =
    save.error instanceof ApiError && save.error.status === 400
      ? t('account.profile.invalid')
      : save.error instanceof ApiError && save.error.status === 429
        ? t('book.error.tooMany')
        : t('account.profile.failed');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!save.isPending) save.mutate({ ...changes, name: changes.name.trim() });
  };

  return (
    <Form onSubmit={submit} validationErrors={serverErrors}>
      {profile.email && <p>{t('account.profile.email', { email: profile.email })}</p>}
      <p role="status" className={save.isSuccess ? 'notice' : undefined}>
        {save.isSuccess ? t('account.profile.saved') : ''}
      </p>
      {save.isError && (
        <p role="alert" className="alert">
          {failure}
        </p>
      )}
      <TextField
        name="name"
        label={t('account.profile.name')}
        autoComplete="name"
        isRequired
        maxLength={200}
        value={changes.name}
        onChange={set('name')}
      />
      <TextField
        name="phone"
        type="tel"
        label={t('account.profile.phone')}
        autoComplete="tel"
        maxLength={50}
        value={changes.phone}
        onChange={set('phone')}
      />
      <RadioGroup
        className="field"
        value={changes.language ?? SALON_LANGUAGE}
        onChange={(value) => set('language')(value === 'en' || value === 'nl' ? value : null)}
      >
        <Label>{t('account.profile.language')}</Label>
        <div className="radio-list">
          <Radio value={SALON_LANGUAGE} className="radio">
            {t('account.profile.language.salon')}
          </Radio>
          {LANGUAGES.map((code) => (
            <Radio key={code} value={code} className="radio" lang={code}>
              {t(`app.language.${code}`)}
            </Radio>
          ))}
        </div>
      </RadioGroup>
      <fieldset className="choice-group">
        <legend>{t('account.profile.consents')}</legend>
        <Checkbox name="marketing_consent" isSelected={changes.marketing_consent} onChange={set('marketing_consent')}>
          {t('account.profile.marketing')}
        </Checkbox>
        <Checkbox name="sms_consent" isSelected={changes.sms_consent} onChange={set('sms_consent')}>
          {t('account.profile.sms')}
        </Checkbox>
      </fieldset>
      <Button type="submit">{save.isPending ? t('app.sending') : t('account.profile.save')}</Button>
    </Form>
  );
}
