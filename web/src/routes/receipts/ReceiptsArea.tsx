import { Route, Switch } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { OFFICE_ROUTES } from '../../../../src/lib/office-paths';
import { NotFound } from '../../ui/PageStates';
import { DrawerPage } from './DrawerPage';
import { JournalPage } from './JournalPage';
import { OrderReceiptPage, RefundReceiptPage } from './ReceiptPage';
import { SalesPage } from './SalesPage';
import { ZReportPage, ZReportsPage } from './ZReportsPage';

const ID = /^[1-9]\d{0,9}$/;

/**
 * The till's records, one lazy chunk: a sale's or a refund's receipt (/till/receipts/…), the
 * cash drawer's day and its close (/till/drawer), the Z reports (/till/drawer/z-reports), the
 * list of sales (/till/sales) and the till journal (/till/journal).
 */
export default function ReceiptsArea() {
  return (
    <Switch>
      <Route path={OFFICE_ROUTES.receipt}>
        {(params: { id: string }) =>
          ID.test(params.id) ? <OrderReceiptPage key={params.id} orderId={Number(params.id)} /> : <NotFound />
        }
      </Route>
      <Route path={OFFICE_ROUTES.refundReceipt}>
        {(params: { id: string; refundId: string }) =>
          ID.test(params.id) && ID.test(params.refundId) ? (
            <RefundReceiptPage
              key={`${params.id}/${params.refundId}`}
              orderId={Number(params.id)}
              refundId={Number(params.refundId)}
            />
          ) : (
            <NotFound />
          )
        }
      </Route>
      <Route path={OFFICE_ROUTES.drawer} component={DrawerPage} />
      <Route path={OFFICE_ROUTES.zReports} component={ZReportsPage} />
      <Route path={OFFICE_ROUTES.zReport}>
        {(params: { id: string }) =>
          ID.test(params.id) ? <ZReportPage key={params.id} id={Number(params.id)} /> : <NotFound />
        }
      </Route>
      <Route path={OFFICE_ROUTES.sales} component={SalesPage} />
      <Route path={OFFICE_ROUTES.journal} component={JournalPage} />
      <Route component={NotFound} />
    </Switch>
  );
}
