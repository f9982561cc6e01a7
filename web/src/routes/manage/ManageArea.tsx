import { Link, Route, Switch } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { OFFICE_ROUTES } from '../../../../src/lib/office-paths';
import { useT } from '../../i18n/i18n';
import { NotFound, useTitle } from '../../ui/PageStates';
import { AdminOnly, useIsAdmin } from '../../ui/RecordPage';
import { MANAGE_SECTIONS } from './sections';
import './manage.css';

/**
 * The manager's area (/manage and below), one lazy chunk: the index of what the owner sets up,
 * and each section's screens (their own lazy chunks). Admin-only, as every write behind it: a
 * staff member who opens an address of it is told so in words instead of a row of refusals.
 */
export default function ManageArea() {
  const t = useT();
  const admin = useIsAdmin();
  if (!admin) return <AdminOnly title={t('manage.title')} />;
  return (
    <Switch>
      <Route path={OFFICE_ROUTES.manage} component={ManageIndex} />
      {MANAGE_SECTIONS.map(({ id, route, Screens }) => (
        <Route key={id} path={route}>
          <Screens />
        </Route>
      ))}
      <Route component={NotFound} />
    </Switch>
  );
}

/** /manage: each section with one sentence of what is done there. */
function ManageIndex() {
  const t = useT();
  useTitle(t('manage.title'));
  return (
    <>
      <h1>{t('manage.title')}</h1>
      <ul className="manage-sections">
        {MANAGE_SECTIONS.map((section) => (
          <li key={section.id}>
            <Link href={section.href()} className="manage-section-link">
              {t(section.label)}
            </Link>
            <p className="manage-section-description">{t(section.description)}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
