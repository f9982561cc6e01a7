import type { ComponentType } from 'react';
import { isAtOrBelow, loadOnce } from '../../lib/load-once';

type Chunk = () => Promise<{ default: ComponentType }>;

/**
 * Each section's screens, one lazy chunk each (`sections.ts` lists them), in a file of its own
 * so the office's start can begin the chunk an address needs (`preloadManageSection`) without
 * the manage area's chunk, in parallel with it and the session's refresh.
 */
export const MANAGE_SECTION_CHUNKS = {
  services: loadOnce(() => import('./services/ServicesScreens')),
  resources: loadOnce(() => import('./resources/ResourcesScreens')),
  products: loadOnce(() => import('./products/ProductsScreens')),
  suppliers: loadOnce(() => import('./suppliers/SuppliersScreens')),
  staff: loadOnce(() => import('./staff/StaffScreens')),
  offers: loadOnce(() => import('./offers/OffersScreens')),
  imports: loadOnce(() => import('./imports/ImportsScreens')),
  settings: loadOnce(() => import('./settings/SettingsScreens')),
  reports: loadOnce(() => import('./reports/ReportsScreens')),
  campaigns: loadOnce(() => import('./campaigns/CampaignsScreens')),
  reviews: loadOnce(() => import('./reviews/ReviewsScreens')),
  system: loadOnce(() => import('./system/SystemScreens')),
} satisfies Record<string, Chunk>;

/** Starts the chunk of the section `/manage/<section>/…` names, if any (the index needs none). */
export function preloadManageSection(path: string): void {
  for (const [section, load] of Object.entries(MANAGE_SECTION_CHUNKS)) {
    if (isAtOrBelow(path, `/manage/${section}`)) void load().catch(() => undefined);
  }
}
