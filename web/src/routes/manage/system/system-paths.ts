// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { OFFICE_ROUTES } from '../../../../../src/lib/office-paths';

/** The system section's pages below /manage/system (served as part of /manage/*). */
const base = OFFICE_ROUTES.manageSystem;
export const SYSTEM_PATHS = {
  jobs: `${base}/jobs`,
  emails: `${base}/emails`,
  email: `${base}/emails/:id`,
  sms: `${base}/sms`,
  oneSms: `${base}/sms/:id`,
  activity: `${base}/activity`,
} as const;

export const emailHref = (id: number) => `${base}/emails/${id}`;
export const smsHref = (id: number) => `${base}/sms/${id}`;

/** The tabs of the section, in their order: each a page of its own. */
export const SYSTEM_TABS = ['jobs', 'emails', 'sms', 'activity'] as const;
export type SystemTab = (typeof SYSTEM_TABS)[number];
