import { useQuery } from '@tanstack/react-query';
import { Link, Route, Switch } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { MANAGE_REPORT_ROUTE, manageReportHref, OFFICE_ROUTES, officeHref } from '../../../../../src/lib/office-paths';
import { useT } from '../../../i18n/i18n';
import { NotFound, useTitle } from '../../../ui/PageStates';
import { REPORTS } from './catalog';
import { DashboardReport } from './DashboardReport';
import { useReportFormat } from './format';
import { PeriodPicker, usePeriod } from './parts';
import { VatReport } from './VatReport';
import { salonInfoQuery } from './queries';
import './reports.css';

/**
 * /manage/reports: today's dashboard and the list of reports; /manage/reports/<report>: one
 * report with its period (in the address), chart, table and CSV. This module is the reports'
 * lazy chunk, the only one that loads the chart library.
 */
export default function ReportsScreens() {
  return (
    <Switch>
      <Route path={OFFICE_ROUTES.manageReports} component={ReportsIndex} />
      <Route path={MANAGE_REPORT_ROUTE}>{(params) => <OneReport id={params.report} />}</Route>
      <Route component={NotFound} />
    </Switch>
  );
}

function useSalon() {
  const info = useQuery(salonInfoQuery());
  return { currency: info.data?.currency, name: info.data?.salon_name ?? '' };
}

function ReportsIndex() {
  const t = useT();
  const salon = useSalon();
  const f = useReportFormat(salon.currency);
  useTitle(t('manage.reports.title'));
  return (
    <>
      <p className="print-hide">
        <Link href={officeHref.manage()}>{t('manage.title')}</Link>
      </p>
      <h1>{t('manage.reports.title')}</h1>
      <DashboardReport f={f} />
      <h2>{t('manage.reports.list')}</h2>
      <ul className="manage-sections">
        {[
          ...REPORTS.map((r) => ({ id: r.id, title: r.title, description: r.description })),
          {
            id: 'vat',
            title: 'manage.reports.vat.title' as const,
            description: 'manage.reports.vat.description' as const,
          },
        ].map((report) => (
          <li key={report.id}>
            <Link href={manageReportHref(report.id)} className="manage-section-link">
              {t(report.title)}
            </Link>
            <p className="manage-section-description">{t(report.description)}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

function OneReport({ id }: { id: string }) {
  const t = useT();
  const salon = useSalon();
  const f = useReportFormat(salon.currency);
  const [period, setPeriod] = usePeriod();
  const entry = REPORTS.find((r) => r.id === id);
  const title = id === 'vat' ? t('manage.reports.vat.title') : entry ? t(entry.title) : '';
  useTitle(title || t('manage.reports.title'));
  if (id !== 'vat' && !entry) return <NotFound />;
  const ranged = id === 'vat' || entry?.ranged === true;
  return (
    <>
      <p className="print-hide">
        <Link href={officeHref.manageReports()}>{t('manage.reports.title')}</Link>
      </p>
      <h1>{title}</h1>
      {ranged ? <PeriodPicker key={`${period.from}/${period.to}`} period={period} onChange={setPeriod} /> : null}
      {id === 'vat' ? (
        <VatReport period={period} f={f} salon={salon.name} />
      ) : entry ? (
        <entry.Screen period={period} f={f} />
      ) : null}
    </>
  );
}
