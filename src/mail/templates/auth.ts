import { composedTemplate } from './compose.js';

/* Emails to the salon's own people (staff accounts): in the salon's language. */

export interface WelcomeData {
  name: string;
  email: string;
  temporaryPassword: string;
  loginUrl: string;
}

export const welcome = composedTemplate<WelcomeData>((data, mail) => {
  const values = { name: data.name, salon_name: mail.salonName, email: data.email, password: data.temporaryPassword };
  return {
    subject: mail.t('auth.welcome.subject', values),
    body: mail.t('auth.welcome.body', values),
    buttons: [{ label: mail.t('auth.welcome.action'), url: data.loginUrl }],
  };
});

export interface PasswordResetData {
  name: string;
  resetUrl: string;
}

export const passwordReset = composedTemplate<PasswordResetData>((data, mail) => {
  const values = { name: data.name, salon_name: mail.salonName };
  return {
    subject: mail.t('auth.password_reset.subject', values),
    body: mail.t('auth.password_reset.body', values),
    buttons: [{ label: mail.t('auth.password_reset.action'), url: data.resetUrl }],
    showLinks: true,
    after: mail.t('auth.password_reset.after'),
  };
});

export interface PasswordChangedData {
  name: string;
}

export const passwordChanged = composedTemplate<PasswordChangedData>((data, mail) => {
  const values = { name: data.name, salon_name: mail.salonName };
  return {
    subject: mail.t('auth.password_changed.subject', values),
    body: mail.t('auth.password_changed.body', values),
  };
});
