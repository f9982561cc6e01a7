import { lazy } from 'react';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { OFFICE_ROUTES } from '../../../src/lib/office-paths';
import { withMessages } from '../i18n/i18n';
import type { MessagePart } from '../i18n/i18n';
import { isAtOrBelow, loadOnce } from '../lib/load-once';
import { preloadManageSection } from '../routes/manage/section-chunks';

/*
 * Every page of an area is a chunk of its own, fetched with the area's messages when it opens:
 * the shell's first load carries no area, however many the back office grows. Each chunk is
 * loaded once (`loadOnce`): the office's start begins the one its address needs
 * (`preloadOfficePage`, before the session is known) and `lazy()` then takes the same promise.
 */
const chunk = <M>(part: MessagePart, load: () => Promise<M>) => loadOnce(withMessages(part, load));

const login = chunk('office', () => import('../routes/office/LoginPage'));
const resetPassword = chunk('office', () => import('../routes/office/ResetPasswordPage'));
const home = chunk('office', () => import('../routes/office/HomePage'));
const setup = chunk('office', () => import('../routes/office/SetupPage'));
const changePassword = chunk('office', () => import('../routes/office/ChangePasswordPage'));
// The desk's calendar: `/calendar`, and `/bookings/:id` (the links of emails), its day with the booking's panel open.
const desk = chunk('desk', () => import('../routes/desk/calendar/CalendarPage'));
// The stylist's phone agenda (`/agenda`), readable offline.
const agenda = chunk('agenda', () => import('../routes/agenda/AgendaPage'));
const clients = chunk('clients', () => import('../routes/clients/ClientsArea'));
const notifications = chunk('notifications', () => import('../routes/notifications/NotificationsArea'));
// The screens notifications link to, each its area's first page (later issues grow them).
const waitlist = chunk('waitlist', () => import('../routes/waitlist/WaitlistArea'));
const inventory = chunk('inventory', () => import('../routes/inventory/InventoryArea'));
const payments = chunk('payments', () => import('../routes/payments/PaymentsArea'));
const campaigns = chunk('campaigns', () => import('../routes/campaigns/CampaignsArea'));
const system = chunk('system', () => import('../routes/system/SystemArea'));
// The till's records: receipts, the cash drawer and its Z reports.
const receipts = chunk('receipts', () => import('../routes/receipts/ReceiptsArea'));
const till = chunk('till', () => import('../routes/till/TillArea'));
// What the owner sets up (services, stock, staff …): one area whose sections are chunks of their own.
const manage = chunk('manage', () => import('../routes/manage/ManageArea'));

export const LoginPage = lazy(() => login().then((page) => ({ default: page.LoginPage })));
export const ResetPasswordPage = lazy(() => resetPassword().then((page) => ({ default: page.ResetPasswordPage })));
export const HomePage = lazy(() => home().then((page) => ({ default: page.HomePage })));
export const SetupPage = lazy(() => setup().then((page) => ({ default: page.SetupPage })));
export const ChangePasswordPage = lazy(() => changePassword().then((page) => ({ default: page.ChangePasswordPage })));
export const CalendarPage = lazy(() => desk().then((page) => ({ default: page.CalendarPage })));
export const BookingPage = lazy(() => desk().then((page) => ({ default: page.BookingPage })));
export const AgendaPage = lazy(() => agenda().then((page) => ({ default: page.AgendaPage })));
export const ClientsArea = lazy(clients);
export const NotificationsArea = lazy(notifications);
export const WaitlistArea = lazy(waitlist);
export const InventoryArea = lazy(inventory);
export const PaymentsArea = lazy(payments);
export const CampaignsArea = lazy(campaigns);
export const SystemArea = lazy(system);
export const ReceiptsArea = lazy(receipts);
export const TillArea = lazy(till);
export const ManageArea = lazy(manage);

/**
 * Each address's chunk, in the order of the router's routes (the first that holds the address
 * wins: the till's records before the till). The sign-in, reset and home pages are here too: a
 * deep link to any of them starts its own chunk.
 */
const CHUNK_OF_ADDRESS: readonly (readonly [string, () => Promise<unknown>])[] = [
  [OFFICE_ROUTES.login, login],
  [OFFICE_ROUTES.resetPassword, resetPassword],
  [OFFICE_ROUTES.calendar, desk],
  ['/bookings', desk],
  [OFFICE_ROUTES.agenda, agenda],
  [OFFICE_ROUTES.clients, clients],
  [OFFICE_ROUTES.notifications, notifications],
  ['/till/receipts', receipts],
  [OFFICE_ROUTES.drawer, receipts],
  [OFFICE_ROUTES.sales, receipts],
  [OFFICE_ROUTES.journal, receipts],
  ['/waitlist', waitlist],
  ['/inventory', inventory],
  ['/payments', payments],
  ['/campaigns', campaigns],
  ['/system', system],
  [OFFICE_ROUTES.till, till],
  [OFFICE_ROUTES.manage, manage],
];

/**
 * Starts, at the office's start, the chunks the address opened will show, in parallel with the
 * session's refresh: without it the area's chunk is asked for only once the session is known,
 * and a section's (`/manage/reports`) only once the area's has run, three waves one after the
 * other. Only the chunks of this address: no other area is fetched. Signed out, the sign-in
 * page comes first and the area's code is then ready for the way back.
 */
export function preloadOfficePage(path: string): void {
  const load = path === OFFICE_ROUTES.home ? home : CHUNK_OF_ADDRESS.find(([prefix]) => isAtOrBelow(path, prefix))?.[1];
  // A failure is the lazy page's to show when it renders (and retry: loadOnce forgets it).
  void load?.().catch(() => undefined);
  if (isAtOrBelow(path, OFFICE_ROUTES.manage)) preloadManageSection(path);
}
