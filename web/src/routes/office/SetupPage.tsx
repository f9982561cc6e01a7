import { useMemo, useState } from 'react';
import { Radio, RadioGroup, Label, FieldError } from 'react-aria-components';
import { useLocation } from 'wouter';
import { officeHref } from '../../../../src/lib/office-paths';
import { api, unwrap } from '../../api/client';
import { useChange } from '../../api/mutation';
import { signIn } from '../../api/session';
import { useLanguage, useT } from '../../i18n/i18n';
import { LANGUAGES } from '../../lib/language';
import { ApiForm, SubmitButton } from '../../ui/ApiForm';
import { useTitle } from '../../ui/PageStates';
import { TextField } from '../../ui/TextField';
import { OpeningHoursFields, defaultWeek, openingHoursBody, type DayHours } from '../../ui/OpeningHoursFields';
import { PickField } from './PickField';
import './office.css';

interface SetupForm {
  admin_name: string;
  admin_email: string;
  admin_password: string;
  salon_name: string;
  salon_email: string;
  salon_phone: string;
  salon_address: string;
  timezone: string;
  language: string;
  currency: string;
}

/** The browser's own zone: the salon is most likely where its owner sets it up. */
function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Amsterdam';
}

/**
 * The first start: on a service with no user, everything `POST /api/auth/setup` takes (the
 * owner, the salon, its opening hours per weekday, its time zone, language and currency); then
 * the owner is signed in (a browser session with the same email and password) and lands on Today.
 */
export function SetupPage() {
  const t = useT();
  useTitle(t('setup.title'));
  const { language } = useLanguage();
  const [, navigate] = useLocation();
  const [form, setForm] = useState<SetupForm>(() => ({
    admin_name: '',
    admin_email: '',
    admin_password: '',
    salon_name: '',
    salon_email: '',
    salon_phone: '',
    salon_address: '',
    timezone: browserZone(),
    language,
    currency: 'EUR',
  }));
  const [week, setWeek] = useState<DayHours[]>(defaultWeek);
  const field = (name: keyof SetupForm) => ({
    name,
    value: form[name],
    onChange: (value: string) => setForm((current) => ({ ...current, [name]: value })),
  });

  const setup = useChange(['post', '/api/auth/setup'], {
    mutationFn: async (body: SetupForm) => {
      await unwrap(
        api.POST('/api/auth/setup', {
          body: {
            ...body,
            salon_email: body.salon_email.trim(),
            timezone: body.timezone.trim(),
            currency: body.currency.trim().toUpperCase(),
            opening_hours: openingHoursBody(week),
          },
        }),
      );
      // The set-up answers a token of its own; the browser's session is a sign-in like any other.
      await signIn(body.admin_email, body.admin_password);
    },
    onSuccess: () => navigate(officeHref.home(), { replace: true }),
  });

  const zones = useMemo(() => Intl.supportedValuesOf('timeZone').map((zone) => ({ id: zone, name: zone })), []);
  const currencies = useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'currency' });
    return Intl.supportedValuesOf('currency').map((code) => ({
      id: code,
      name: `${code} – ${names.of(code) ?? code}`,
    }));
  }, [language]);

  return (
    <>
      <h1>{t('setup.title')}</h1>
      <p>{t('setup.intro')}</p>
      <ApiForm sending={setup} onSubmit={() => setup.mutate(form)} className="setup-form">
        <fieldset className="form-group">
          <legend>{t('setup.owner.legend')}</legend>
          <TextField {...field('admin_name')} label={t('setup.owner.name')} autoComplete="name" isRequired />
          <TextField
            {...field('admin_email')}
            label={t('setup.owner.email')}
            type="email"
            autoComplete="username"
            isRequired
          />
          <TextField
            {...field('admin_password')}
            label={t('setup.owner.password')}
            description={t('setup.owner.passwordHelp')}
            type="password"
            autoComplete="new-password"
            minLength={8}
            maxLength={1024}
            isRequired
          />
        </fieldset>
        <fieldset className="form-group">
          <legend>{t('setup.salon.legend')}</legend>
          <TextField {...field('salon_name')} label={t('setup.salon.name')} autoComplete="organization" isRequired />
          <TextField {...field('salon_email')} label={t('setup.salon.email')} type="email" autoComplete="email" />
          <TextField {...field('salon_phone')} label={t('setup.salon.phone')} type="tel" autoComplete="tel" />
          <TextField
            {...field('salon_address')}
            label={t('setup.salon.address')}
            autoComplete="street-address"
            multiline
          />
        </fieldset>
        <OpeningHoursFields week={week} onChange={setWeek} />
        <fieldset className="form-group">
          <legend>{t('setup.region.legend')}</legend>
          <PickField
            {...field('timezone')}
            label={t('setup.region.timezone')}
            description={t('setup.region.timezoneHelp')}
            items={zones}
          />
          <RadioGroup
            name="language"
            className="field radio-list"
            value={form.language}
            onChange={(value) => setForm((current) => ({ ...current, language: value }))}
          >
            <Label>{t('setup.region.language')}</Label>
            {LANGUAGES.map((code) => (
              <Radio key={code} value={code} lang={code} className="radio">
                {t(`app.language.${code}`)}
              </Radio>
            ))}
            <FieldError className="error" />
          </RadioGroup>
          <PickField
            {...field('currency')}
            label={t('setup.region.currency')}
            description={t('setup.region.currencyHelp')}
            items={currencies}
          />
        </fieldset>
        <SubmitButton sending={setup}>{t('setup.submit')}</SubmitButton>
      </ApiForm>
    </>
  );
}
