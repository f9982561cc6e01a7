import type { ReactNode } from 'react';
import { Link, Redirect, Route, Switch, useLocation } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { OFFICE_ROUTES, officeHref, type OfficeHref } from '../../../../../src/lib/office-paths';
import { useT, type MessageKey } from '../../../i18n/i18n';
import { NotFound } from '../../../ui/PageStates';
import { GiftCardPage } from './GiftCardPage';
import { GiftCardsPage } from './GiftCardsPage';
import { PackagesPage } from './PackagesPage';
import { PromotionsPage } from './PromotionsPage';
import './offers.css';

/** A record's id in its address: a positive whole number, else the address names no page. */
const idOf = (text: string): number | null => (/^[1-9]\d{0,9}$/.test(text) ? Number(text) : null);

/** A route's page for the record its address names, or "Page not found". */
function withId(page: (id: number) => ReactNode) {
  return function RecordRoute(params: { id: string }) {
    const id = idOf(params.id);
    return id === null ? <NotFound /> : page(id);
  };
}

const TABS: readonly { href: () => OfficeHref; label: MessageKey }[] = [
  { href: officeHref.managePackages, label: 'manage.offers.packages.title' },
  { href: officeHref.managePromotions, label: 'manage.offers.promotions.title' },
  { href: officeHref.manageGiftCards, label: 'manage.offers.giftCards.title' },
];

/**
 * /manage/offers: what a client buys ahead or pays less with, three pages under one heading
 * (packages, promotions, gift cards). Each page has its own address, so a reload, Back and a
 * shared link open the same one; the tabs are links, the current one marked for screen readers.
 * A promotion, a package and a gift card have their own addresses too (a form, a card's page),
 * under their page's tab.
 */
export default function OffersScreens() {
  const t = useT();
  const [location] = useLocation();
  return (
    <>
      <nav aria-label={t('manage.offers.title')} className="offers-tabs">
        {TABS.map((tab) => (
          <Link
            key={tab.label}
            href={tab.href()}
            className="offers-tab"
            aria-current={location === tab.href() ? 'page' : location.startsWith(`${tab.href()}/`) ? 'true' : undefined}
          >
            {t(tab.label)}
          </Link>
        ))}
      </nav>
      <Switch>
        <Route path="/manage/offers">
          <Redirect to={officeHref.managePackages()} replace />
        </Route>
        {/* A list and its record's address render the same page, kept (not mounted anew) between the two. */}
        <Route path={OFFICE_ROUTES.managePackages}>
          <PackagesPage />
        </Route>
        <Route path={OFFICE_ROUTES.managePromotions}>
          <PromotionsPage />
        </Route>
        <Route path={OFFICE_ROUTES.manageGiftCards} component={GiftCardsPage} />
        <Route path={OFFICE_ROUTES.managePackage}>
          {withId((id) => (
            <PackagesPage id={id} />
          ))}
        </Route>
        <Route path={OFFICE_ROUTES.managePromotion}>
          {withId((id) => (
            <PromotionsPage id={id} />
          ))}
        </Route>
        <Route path={OFFICE_ROUTES.manageGiftCard}>
          {withId((id) => (
            <GiftCardPage key={id} id={id} />
          ))}
        </Route>
        <Route component={NotFound} />
      </Switch>
    </>
  );
}
