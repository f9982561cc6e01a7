import { composedTemplate } from './compose.js';

export interface TestEmailData {
  salonName: string;
}

export const testEmail = composedTemplate<TestEmailData>((_, mail) => ({
  subject: mail.t('settings.test_email.subject', { salon_name: mail.salonName }),
  body: mail.t('settings.test_email.body'),
}));
