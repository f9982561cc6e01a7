import { composedTemplate } from './compose.js';

export interface TestEmailData {
  salonName: string;
}

export const testEmail = composedTemplate<TestEmailData>((_, mail) => ({
  subject: mail.t('settings.test_email.subject', { salon_name: mail.salonName }),
  body: mail.t('settings.test_email.body'),
}));

export interface SmsDailyLimitData {
  /** The salon's date the budget was spent on, `YYYY-MM-DD`. */
  day: string;
  limit: number;
  /** The SMS outbox, where the messages kept back are listed. */
  link: string;
}

/** To the salon's admins: the daily SMS budget is spent and further messages wait `unsent`. */
export const smsDailyLimit = composedTemplate<SmsDailyLimitData>((data, mail) => ({
  subject: mail.t('settings.sms_daily_limit.subject', { day: data.day }),
  body: mail.t('settings.sms_daily_limit.body', { day: data.day, limit: data.limit }),
  buttons: [{ label: mail.t('settings.sms_daily_limit.action'), url: data.link }],
}));
