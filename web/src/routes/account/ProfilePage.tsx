import { useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { $api, type Schemas } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { renameSignedInClient } from '../../api/client-session';
import type { paths } from '../../api/schema.gen';
import { useT } from '../../i18n/i18n';
import { LANGUAGES } from '../../lib/language';
import { ApiForm, SubmitButton } from '../../ui/ApiForm';
import { Checkbox } from '../../ui/Checkbox';
import { Loading, LoadError } from '../../ui/PageStates';
import { TextField } from '../../ui/TextField';
import { PageHeading } from './PageHeading';
import { PasswordForm } from './PasswordForm';
import { RequireClient } from './RequireClient';
import { SignOutButton } from './SignOutButton';
import './account.css';

type ClientProfile = Schemas['ClientProfile'];
type ProfileChanges = paths['/api/public/me']['put']['requestBody']['content']['application/json'];

/** /client/profile: name, phone, language, the two consents; the password; signing out. */
export default function ProfilePage() {
  return <RequireClient>{() => <Profile />}</RequireClient>;
}

function Profile() {
  const t = useT();
  const profile = $api.useQuery('get', '/api/public/me');
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
  const [changes, setChanges] = useState<Required<ProfileChanges>>({
    name: profile.name,
    phone: profile.phone,
    language: profile.language,
    marketing_consent: profile.marketing_consent,
    sms_consent: profile.sms_consent,
  });
  const save = useApiMutation('put', '/api/public/me', {
    onSuccess: (saved) => renameSignedInClient(saved.name),
  });
  const set =
    <K extends keyof ProfileChanges>(field: K) =>
    (value: Required<ProfileChanges>[K]) => {
      save.reset();
      setChanges((current) => ({ ...current, [field]: value }));
    };

  return (
    <ApiForm sending={save} onSubmit={() => save.mutate({ body: { ...changes, name: changes.name.trim() } })}>
      {profile.email && <p>{t('account.profile.email', { email: profile.email })}</p>}
      <p role="status" className={save.isSuccess ? 'notice' : undefined}>
        {save.isSuccess ? t('account.profile.saved') : ''}
      </p>
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
      <SubmitButton sending={save}>{t('account.profile.save')}</SubmitButton>
    </ApiForm>
  );
}
