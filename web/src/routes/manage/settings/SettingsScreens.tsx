import type { ComponentType, ReactNode } from 'react';
import { Link, Route, Switch, useParams } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { OFFICE_ROUTES, officeHref } from '../../../../../src/lib/office-paths';
import { $api } from '../../../api/client';
import { useT, type MessageKey } from '../../../i18n/i18n';
import { Loading, LoadError, NotFound, useTitle } from '../../../ui/PageStates';
import { BookingLinks } from './BookingLinks';
import { GROUP_PARTS, SETTINGS_GROUPS, type SettingsGroup } from './groups';
import { HoursPage } from './HoursPage';
import { LogoUpload } from './LogoUpload';
import { MailTest } from './MailTest';
import { LocationPage } from './locations/LocationPage';
import { LocationsPage } from './locations/LocationsPage';
import { LoyaltyPage } from './loyalty/LoyaltyPage';
import { MessagesPage } from './messages/MessagesPage';
import { SmsTest } from './SmsTest';
import { VatRatesPage } from './vat/VatRatesPage';
import EndpointPage from './webhooks/EndpointPage';
import { WebhooksPage } from './webhooks/WebhooksPage';
import { SettingsForm } from './SettingsForm';
import type { Settings } from './values';
import './settings.css';

const groupName = (group: string) => `manage.settings.group.${group}` as MessageKey;
const groupAbout = (group: string) => `manage.settings.about.${group}` as MessageKey;
/** A group's page: below the section's own address, one segment per group. */
export const groupHref = (group: SettingsGroup) => `${officeHref.manageSettings()}/${group}`;

/** /manage/settings and its groups, each a page with its own form. */
export default function SettingsScreens() {
  return (
    <Switch>
      <Route path={OFFICE_ROUTES.manageSettings} component={SettingsIndex} />
      <Route path={`${OFFICE_ROUTES.manageSettings}/webhooks/:id`} component={EndpointPage} />
      <Route path={`${OFFICE_ROUTES.manageSettings}/messages/:key`}>
        {(params: { key: string }) => (
          <GroupPage group="messages">
            <MessagesPage messagesHref={groupHref('messages')} messageKey={params.key} />
          </GroupPage>
        )}
      </Route>
      <Route path={`${OFFICE_ROUTES.manageSettings}/locations/:id`}>
        {(params: { id: string }) =>
          /^[1-9]\d{0,9}$/.test(params.id) ? (
            <GroupPage group="locations" back>
              <LocationPage id={Number(params.id)} locationsHref={groupHref('locations')} />
            </GroupPage>
          ) : (
            <NotFound />
          )
        }
      </Route>
      <Route path={`${OFFICE_ROUTES.manageSettings}/:group`} component={GroupRoute} />
      <Route component={NotFound} />
    </Switch>
  );
}

function SettingsIndex() {
  const t = useT();
  useTitle(t('manage.settings.title'));
  return (
    <>
      <p className="settings-back">
        <Link href={officeHref.manage()}>{t('manage.title')}</Link>
      </p>
      <h1>{t('manage.settings.title')}</h1>
      <ul className="manage-sections">
        {SETTINGS_GROUPS.map((group) => (
          <li key={group}>
            <Link href={groupHref(group)} className="manage-section-link">
              {t(groupName(group))}
            </Link>
            <p className="manage-section-description">{t(groupAbout(group))}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

function GroupRoute() {
  const { group } = useParams<{ group: string }>();
  const known = (SETTINGS_GROUPS as readonly string[]).includes(group);
  if (!known) return <NotFoundTitled />;
  return (
    <GroupPage group={group as SettingsGroup}>
      <GroupBody group={group as SettingsGroup} />
    </GroupPage>
  );
}

function NotFoundTitled() {
  const t = useT();
  useTitle(t('manage.settings.title'));
  return <NotFound />;
}

/**
 * A group's page around its body: the way back (to the settings, or with `back` to the group's
 * own page, for a record of the group at its own address), its name and what it is about.
 */
function GroupPage({ group, back = false, children }: { group: SettingsGroup; back?: boolean; children: ReactNode }) {
  const t = useT();
  useTitle(t(groupName(group)));
  return (
    <div className="settings-page">
      <p className="settings-back">
        {back ? (
          <Link href={groupHref(group)}>{t(groupName(group))}</Link>
        ) : (
          <Link href={officeHref.manageSettings()}>{t('manage.settings.title')}</Link>
        )}
      </p>
      <h1>{t(groupName(group))}</h1>
      <p>{t(groupAbout(group))}</p>
      {children}
    </div>
  );
}

/** The locations' page, whose locations each have an address below it. */
function Locations() {
  return <LocationsPage locationsHref={groupHref('locations')} />;
}

/** The messages' page, whose messages each have an address below it. */
function Messages() {
  return <MessagesPage messagesHref={groupHref('messages')} />;
}

/** The groups kept apart from the settings record, each with its own API; the rest are forms of the record. */
const OWN_PAGES: Partial<Record<SettingsGroup, ComponentType>> = {
  hours: HoursPage,
  messages: Messages,
  webhooks: WebhooksPage,
  loyalty: LoyaltyPage,
  locations: Locations,
  vat: VatRatesPage,
};

function GroupBody({ group }: { group: SettingsGroup }) {
  const Own = OWN_PAGES[group];
  return Own ? <Own /> : <RecordGroup group={group} />;
}

/** A group of the settings record: its form, and what the group has besides (the logo, the links, the test email). */
function RecordGroup({ group }: { group: SettingsGroup }) {
  const settings = $api.useQuery('get', '/api/settings');
  const parts = GROUP_PARTS[group] ?? [];
  if (settings.isError) return <LoadError retry={() => void settings.refetch()} />;
  if (!settings.data) return <Loading />;
  const data: Settings = settings.data;
  return (
    <>
      {group === 'salon' && <LogoUpload logoUrl={data.logo_url} />}
      <SettingsForm key={group} parts={parts} settings={data} />
      {group === 'booking' && <BookingLinks />}
      {group === 'mail' && <MailTest />}
      {group === 'sms' && <SmsTest />}
    </>
  );
}
