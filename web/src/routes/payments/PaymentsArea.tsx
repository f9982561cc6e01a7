import { Link, Route, Switch } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { OFFICE_ROUTES, officeHref } from '../../../../src/lib/office-paths';
import { $api } from '../../api/client';
import { useT } from '../../i18n/i18n';
import { NotFound, useTitle } from '../../ui/PageStates';
import { AdminOnly, Details, RecordState, useIsAdmin, useMoney, useRecordTime } from '../../ui/RecordPage';
import { PaymentsPage } from './PaymentsList';
import './payments.css';

/** The payments area, one lazy chunk: the list (/payments) and a payment's screen (/payments/:id), where payment notices link. */
export default function PaymentsArea() {
  return (
    <Switch>
      <Route path={OFFICE_ROUTES.payments} component={PaymentsPage} />
      <Route path={OFFICE_ROUTES.payment}>
        {(params: { id: string }) =>
          /^[1-9]\d{0,9}$/.test(params.id) ? <PaymentPage key={params.id} id={Number(params.id)} /> : <NotFound />
        }
      </Route>
      <Route component={NotFound} />
    </Switch>
  );
}

/** /payments/:id: one payment (admins only, as the API): what it is for, how much, where it stands. */
function PaymentPage({ id }: { id: number }) {
  const t = useT();
  const admin = useIsAdmin();
  const heading = t('payments.payment.heading', { id });
  if (!admin) return <AdminOnly title={heading} />;
  return <Payment id={id} heading={heading} />;
}

function Payment({ id, heading }: { id: number; heading: string }) {
  const t = useT();
  const payment = $api.useQuery('get', '/api/payments/{id}', { params: { path: { id } } });
  const salon = $api.useQuery('get', '/api/public/salon-page');
  const info = $api.useQuery('get', '/api/public/salon-info');
  const when = useRecordTime(salon.data);
  const money = useMoney(info.data?.currency);
  useTitle(heading);
  if (!payment.data) return <RecordState query={payment} title={heading} missing={t('payments.payment.missing')} />;
  const p = payment.data;
  // A no-show fee and a deposit belong to a booking, which has its own screen.
  const reference =
    p.purpose === 'pos_order' ? (
      t('payments.payment.order', { id: p.reference_id })
    ) : (
      <Link href={officeHref.booking(p.reference_id)}>{t('payments.payment.booking', { id: p.reference_id })}</Link>
    );
  return (
    <>
      <h1>{heading}</h1>
      <Details
        label={t('payments.payment.details')}
        details={[
          [t('payments.payment.status'), t(`payments.status.${p.status}`)],
          [t('payments.payment.amount'), money(p.amount)],
          [t('payments.payment.purpose'), t(`payments.purpose.${p.purpose}`)],
          [t('payments.payment.for'), reference],
          [t('payments.payment.provider'), p.provider],
          [t('payments.payment.error'), p.error],
          [t('payments.payment.createdAt'), when(p.created_at)],
          [t('payments.payment.updatedAt'), when(p.updated_at)],
        ]}
      />
    </>
  );
}
