import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { OFFICE_ROUTES, officeHref, type OfficeHref } from '../../../../src/lib/office-paths';
// The catalogue's keys (as i18n.tsx's MessageKey), named without i18n.tsx so the node tests read this file.
import type en from '../../i18n/catalogues/en.json';
import { MANAGE_SECTION_CHUNKS } from './section-chunks';

type MessageKey = keyof typeof en;

/** One part of what the owner sets up (services, stock, staff …): its entry on /manage and its screens. */
export interface ManageSection {
  /** Stable name (React key, tests and styles refer to it). */
  id: string;
  /** The catalogue key of its name, shown as the link on /manage and as the section's heading. */
  label: MessageKey;
  /** The catalogue key of one sentence saying what the owner does there. */
  description: MessageKey;
  /** Its first screen; the section's routes are everything below its first path segment after /manage. */
  href: () => OfficeHref;
  /** The route pattern (wouter) its screens answer: `/manage/<section>/*?`. */
  route: string;
  /** Its screens, one lazy chunk each, so opening one section never downloads the others. */
  Screens: LazyExoticComponent<ComponentType>;
}

/**
 * The manager's sections, in the order /manage lists them. A new section adds one entry here
 * (and its routes to OFFICE_ROUTES), its screens' chunk in `section-chunks.ts`; its messages come with the manage area's part, since
 * the area's dynamic imports are followed when the catalogue is split.
 */
export const MANAGE_SECTIONS: readonly ManageSection[] = [
  {
    id: 'services',
    label: 'manage.services.title',
    description: 'manage.services.description',
    href: officeHref.manageServices,
    route: '/manage/services/*?',
    Screens: lazy(MANAGE_SECTION_CHUNKS.services),
  },
  {
    id: 'resources',
    label: 'manage.resources.title',
    description: 'manage.resources.description',
    href: officeHref.manageResources,
    route: '/manage/resources/*?',
    Screens: lazy(MANAGE_SECTION_CHUNKS.resources),
  },
  {
    id: 'products',
    label: 'manage.products.title',
    description: 'manage.products.description',
    href: officeHref.manageProducts,
    route: '/manage/products/*?',
    Screens: lazy(MANAGE_SECTION_CHUNKS.products),
  },
  {
    id: 'suppliers',
    label: 'manage.suppliers.title',
    description: 'manage.suppliers.description',
    href: officeHref.manageSuppliers,
    route: '/manage/suppliers/*?',
    Screens: lazy(MANAGE_SECTION_CHUNKS.suppliers),
  },
  {
    id: 'staff',
    label: 'manage.staff.title',
    description: 'manage.staff.description',
    href: officeHref.manageStaff,
    route: '/manage/staff/*?',
    Screens: lazy(MANAGE_SECTION_CHUNKS.staff),
  },
  {
    id: 'offers',
    label: 'manage.offers.title',
    description: 'manage.offers.description',
    href: officeHref.managePackages,
    route: '/manage/offers/*?',
    Screens: lazy(MANAGE_SECTION_CHUNKS.offers),
  },
  {
    id: 'imports',
    label: 'manage.imports.title',
    description: 'manage.imports.description',
    href: officeHref.manageImports,
    route: '/manage/imports',
    Screens: lazy(MANAGE_SECTION_CHUNKS.imports),
  },
  {
    id: 'settings',
    label: 'manage.settings.title',
    description: 'manage.settings.description',
    href: officeHref.manageSettings,
    route: `${OFFICE_ROUTES.manageSettings}/*?`,
    Screens: lazy(MANAGE_SECTION_CHUNKS.settings),
  },
  {
    id: 'reports',
    label: 'manage.reports.title',
    description: 'manage.reports.description',
    href: officeHref.manageReports,
    route: '/manage/reports/*?',
    Screens: lazy(MANAGE_SECTION_CHUNKS.reports),
  },
  {
    id: 'campaigns',
    label: 'manage.campaigns.title',
    description: 'manage.campaigns.description',
    href: officeHref.manageCampaigns,
    route: '/manage/campaigns/*?',
    Screens: lazy(MANAGE_SECTION_CHUNKS.campaigns),
  },
  {
    id: 'reviews',
    label: 'manage.reviews.title',
    description: 'manage.reviews.description',
    href: officeHref.manageReviews,
    route: `${OFFICE_ROUTES.manageReviews}/*?`,
    Screens: lazy(MANAGE_SECTION_CHUNKS.reviews),
  },
  {
    id: 'system',
    label: 'manage.system.title',
    description: 'manage.system.description',
    href: officeHref.manageSystem,
    route: `${OFFICE_ROUTES.manageSystem}/*?`,
    Screens: lazy(MANAGE_SECTION_CHUNKS.system),
  },
];
