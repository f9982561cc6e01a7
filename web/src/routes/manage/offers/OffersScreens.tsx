import { Link, Redirect, Route, Switch, useLocation } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { OFFICE_ROUTES, officeHref, type OfficeHref } from '../../../../../src/lib/office-paths';
import { useT, type MessageKey } from '../../../i18n/i18n';
import { NotFound } from '../../../ui/PageStates';
import { GiftCardsPage } from './GiftCardsPage';
import { PackagesPage } from './PackagesPage';
import { PromotionsPage } from './PromotionsPage';
import './offers.css';

const TABS: readonly { href: () => OfficeHref; label: MessageKey }[] = [
  { href: officeHref.managePackages, label: 'manage.offers.packages.title' },
  { href: officeHref.managePromotions, label: 'manage.offers.promotions.title' },
  { href: officeHref.manageGiftCards, label: 'manage.offers.giftCards.title' },
];

/**
 * /manage/offers: what a client buys ahead or pays less with, three pages under one heading
 * (packages, promotions, gift cards). Each page has its own address, so a reload, Back and a
 * shared link open the same one; the tabs are links, the current one marked for screen readers.
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
            aria-current={location === tab.href() ? 'page' : undefined}
          >
            {t(tab.label)}
          </Link>
        ))}
      </nav>
      <Switch>
        <Route path="/manage/offers">
          <Redirect to={officeHref.managePackages()} replace />
        </Route>
        <Route path={OFFICE_ROUTES.managePackages} component={PackagesPage} />
        <Route path={OFFICE_ROUTES.managePromotions} component={PromotionsPage} />
        <Route path={OFFICE_ROUTES.manageGiftCards} component={GiftCardsPage} />
        <Route component={NotFound} />
      </Switch>
    </>
  );
}
