import { Link, Redirect, Route, Switch, useLocation } from 'wouter';
import { useT } from '../../../i18n/i18n';
import { NotFound } from '../../../ui/PageStates';
import { ActivityPage } from './ActivityPage';
import { EmailPage } from './EmailPage';
import { EmailsPage } from './EmailsPage';
import { JobsPage } from './JobsPage';
import { OneSmsPage } from './OneSmsPage';
import { SmsPage } from './SmsPage';
import { SYSTEM_PATHS, SYSTEM_TABS } from './system-paths';
import './system.css';

/**
 * /manage/system: what the service did on its own, for the salon's admin. The job queue (with
 * the retry of a failed job), the email and SMS outboxes (each message as it was sent), and the
 * imports' and webhooks' recent activity, one page each behind the section's tabs.
 */
export default function SystemScreens() {
  return (
    <>
      <SystemTabs />
      <Switch>
        <Route path={SYSTEM_PATHS.jobs} component={JobsPage} />
        <Route path={SYSTEM_PATHS.email}>{(params) => <EmailPage id={Number(params.id)} />}</Route>
        <Route path={SYSTEM_PATHS.emails} component={EmailsPage} />
        <Route path={SYSTEM_PATHS.oneSms}>{(params) => <OneSmsPage id={Number(params.id)} />}</Route>
        <Route path={SYSTEM_PATHS.sms} component={SmsPage} />
        <Route path={SYSTEM_PATHS.activity} component={ActivityPage} />
        <Route path="/manage/system">
          <Redirect to={SYSTEM_PATHS.jobs} replace />
        </Route>
        <Route component={NotFound} />
      </Switch>
    </>
  );
}

/** The section's pages as links; the current one marked for screen readers and the eye alike. */
function SystemTabs() {
  const t = useT();
  const [location] = useLocation();
  return (
    <nav aria-label={t('manage.system.tabs')} className="system-tabs">
      <ul>
        {SYSTEM_TABS.map((tab) => {
          const href = SYSTEM_PATHS[tab];
          const current = location === href || location.startsWith(`${href}/`);
          return (
            <li key={tab}>
              <Link href={href} aria-current={current ? 'page' : undefined}>
                {t(`manage.system.tab.${tab}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
