/*
 * The back office's addresses, in one place for everyone who names them: the web app's router
 * and links (web/src/app), the service's list of the addresses it answers with the back
 * office's page (http/web-pages.ts), and the links of in-app notifications (the modules). A
 * link that names a page the service does not serve cannot be written: a notification's link
 * is an OfficeHref, which only the builders below make.
 *
 * It imports nothing, so the service and the web app's bundle both take it as it is.
 */

/** A path in the back office, made by `officeHref` (a notification's `link`). */
export type OfficeHref = string & { readonly __officeHref: true };

/** Each page's route, in the router's syntax (`:id` a parameter). */
export const OFFICE_ROUTES = {
  home: '/',
  login: '/login',
  resetPassword: '/reset-password',
  calendar: '/calendar',
  booking: '/bookings/:id',
  clients: '/clients',
  client: '/clients/:id',
  waitlistEntry: '/waitlist/:id',
  product: '/inventory/products/:id',
  payment: '/payments/:id',
  campaign: '/campaigns/:id',
  smsOutbox: '/system/sms',
  notifications: '/notifications',
  notificationPreferences: '/notifications/preferences',
  receipt: '/till/receipts/:id',
  refundReceipt: '/till/receipts/:id/refunds/:refundId',
  drawer: '/till/drawer',
  zReports: '/till/drawer/z-reports',
  zReport: '/till/drawer/z-reports/:id',
  till: '/till',
  manage: '/manage',
  managePackages: '/manage/offers/packages',
  managePromotions: '/manage/offers/promotions',
  manageGiftCards: '/manage/offers/gift-cards',
  manageImports: '/manage/imports',
  manageStaff: '/manage/staff',
  manageRoster: '/manage/staff/roster',
  manageStaffMember: '/manage/staff/:id',
  manageServices: '/manage/services',
  manageService: '/manage/services/:id',
  manageResources: '/manage/resources',
  // The manager's stock and suppliers (a product's card is where low-stock notices link).
  manageProducts: '/manage/products',
  manageProductCategories: '/manage/products/categories',
  manageProduct: '/manage/products/:id',
  manageSuppliers: '/manage/suppliers',
  managePurchaseOrder: '/manage/suppliers/orders/:id',
  manageSupplier: '/manage/suppliers/:id',
  manageReports: '/manage/reports',
  manageSettings: '/manage/settings',
  // The owner's reviews and the system's own work (jobs, outboxes, imports and webhooks).
  manageReviews: '/manage/reviews',
  manageSystem: '/manage/system',
  // The manager's campaigns: the list, the follow-ups and automations, one campaign's editor.
  manageCampaigns: '/manage/campaigns',
  manageCampaignAutomations: '/manage/campaigns/automations',
  manageCampaign: '/manage/campaigns/:id',
  // The stylist's phone: their own agenda as a list, kept offline.
  agenda: '/agenda',
  // The manager's records opened from their own address: a link to one works after a reload.
  managePromotion: '/manage/offers/promotions/:id',
  managePackage: '/manage/offers/packages/:id',
  manageGiftCard: '/manage/offers/gift-cards/:id',
  manageResource: '/manage/resources/:id',
  // The desk's waitlist: every entry, added to and changed there.
  waitlist: '/waitlist',
  // The till's sales list and its journal (admins), and the card and online payments (admins).
  sales: '/till/sales',
  journal: '/till/journal',
  payments: '/payments',
} as const;

const href = (path: string) => path as OfficeHref;

/** The address of each page, for links, redirects and notifications. */
export const officeHref = {
  home: () => href(OFFICE_ROUTES.home),
  login: () => href(OFFICE_ROUTES.login),
  resetPassword: () => href(OFFICE_ROUTES.resetPassword),
  calendar: () => href(OFFICE_ROUTES.calendar),
  booking: (id: number) => href(`/bookings/${id}`),
  clients: () => href(OFFICE_ROUTES.clients),
  client: (id: number) => href(`/clients/${id}`),
  waitlistEntry: (id: number) => href(`/waitlist/${id}`),
  product: (id: number) => href(`/inventory/products/${id}`),
  payment: (id: number) => href(`/payments/${id}`),
  campaign: (id: number) => href(`/campaigns/${id}`),
  smsOutbox: () => href(OFFICE_ROUTES.smsOutbox),
  notifications: () => href(OFFICE_ROUTES.notifications),
  notificationPreferences: () => href(OFFICE_ROUTES.notificationPreferences),
  receipt: (id: number) => href(`/till/receipts/${id}`),
  refundReceipt: (id: number, refundId: number) => href(`/till/receipts/${id}/refunds/${refundId}`),
  drawer: () => href(OFFICE_ROUTES.drawer),
  zReports: () => href(OFFICE_ROUTES.zReports),
  zReport: (id: number) => href(`/till/drawer/z-reports/${id}`),
  till: () => href(OFFICE_ROUTES.till),
  manage: () => href(OFFICE_ROUTES.manage),
  managePackages: () => href(OFFICE_ROUTES.managePackages),
  managePromotions: () => href(OFFICE_ROUTES.managePromotions),
  manageGiftCards: () => href(OFFICE_ROUTES.manageGiftCards),
  manageImports: () => href(OFFICE_ROUTES.manageImports),
  manageStaff: () => href(OFFICE_ROUTES.manageStaff),
  manageRoster: () => href(OFFICE_ROUTES.manageRoster),
  manageStaffMember: (id: number) => href(`/manage/staff/${id}`),
  manageServices: () => href(OFFICE_ROUTES.manageServices),
  manageService: (id: number) => href(`/manage/services/${id}`),
  manageResources: () => href(OFFICE_ROUTES.manageResources),
  manageProducts: () => href(OFFICE_ROUTES.manageProducts),
  manageProductCategories: () => href(OFFICE_ROUTES.manageProductCategories),
  manageProduct: (id: number) => href(`/manage/products/${id}`),
  manageSuppliers: () => href(OFFICE_ROUTES.manageSuppliers),
  managePurchaseOrder: (id: number) => href(`/manage/suppliers/orders/${id}`),
  manageSupplier: (id: number) => href(`/manage/suppliers/${id}`),
  manageReports: () => href(OFFICE_ROUTES.manageReports),
  manageSettings: () => href(OFFICE_ROUTES.manageSettings),
  manageReviews: () => href(OFFICE_ROUTES.manageReviews),
  manageSystem: () => href(OFFICE_ROUTES.manageSystem),
  manageCampaigns: () => href(OFFICE_ROUTES.manageCampaigns),
  manageCampaignAutomations: () => href(OFFICE_ROUTES.manageCampaignAutomations),
  manageCampaign: (id: number) => href(`/manage/campaigns/${id}`),
  agenda: () => href(OFFICE_ROUTES.agenda),
  managePromotion: (id: number) => href(`/manage/offers/promotions/${id}`),
  managePackage: (id: number) => href(`/manage/offers/packages/${id}`),
  manageGiftCard: (id: number) => href(`/manage/offers/gift-cards/${id}`),
  manageResource: (id: number) => href(`/manage/resources/${id}`),
  waitlist: () => href(OFFICE_ROUTES.waitlist),
  sales: () => href(OFFICE_ROUTES.sales),
  journal: () => href(OFFICE_ROUTES.journal),
  payments: () => href(OFFICE_ROUTES.payments),
} satisfies Record<keyof typeof OFFICE_ROUTES, (...ids: number[]) => OfficeHref>;

/** One report of the owner's (`/manage/reports/vat`): named, not numbered, so outside officeHref. */
export const MANAGE_REPORT_ROUTE = '/manage/reports/:report';
export const manageReportHref = (report: string): OfficeHref => href(`/manage/reports/${report}`);

/**
 * The addresses the service answers with the back office's page, in web-pages.ts's syntax (a
 * trailing `/*` covers everything below): a one-segment page as it is (`/login`), and for a
 * page deeper down its area's first segment, everything below it (`/bookings/*` also answers
 * `/bookings`), so the app shows its own "Page not found" for an address of an area it has no
 * page for.
 */
export function officePages(): string[] {
  const pages = new Set<string>();
  for (const route of Object.values(OFFICE_ROUTES)) {
    const segments = route.split('/').filter((segment) => segment !== '');
    const deeper = Object.values(OFFICE_ROUTES).some((other) => other.startsWith(`/${segments[0]}/`));
    pages.add(segments.length === 0 ? '/' : deeper ? `/${segments[0]}/*` : route);
  }
  return [...pages];
}
