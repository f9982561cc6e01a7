import { useRef, useState } from 'react';
import { $api } from '../../api/client';
import { errorStatus } from '../../api/errors';
import { useApiMutation } from '../../api/mutation';
import { useT } from '../../i18n/i18n';
import { ApiForm, fieldText, SubmitButton } from '../../ui/ApiForm';
import { useTitle } from '../../ui/PageStates';
import { RecordState } from '../../ui/RecordPage';
import { TextField } from '../../ui/TextField';
import { PageSize, PrintControls, type Paper } from './print';
import { Receipt, type ReceiptData } from './Receipt';
import { RefundSection } from './RefundSection';
import './till-records.css';

/** /till/receipts/:id: a paid sale's receipt, where the till goes once paid. */
export function OrderReceiptPage({ orderId }: { orderId: number }) {
  const t = useT();
  const query = $api.useQuery('get', '/api/pos/{id}/receipt', { params: { path: { id: orderId } } });
  const email = useApiMutation('post', '/api/pos/{id}/receipt/email');
  const title = t('receipts.title', { id: orderId });
  if (!query.data) return <Unready query={query} title={title} />;
  return (
    <>
      <ReceiptScreen
        title={title}
        receipt={query.data}
        sending={email}
        send={(to) => email.mutate({ params: { path: { id: orderId } }, body: to ? { to } : {} })}
        sentTo={email.data?.to}
      />
      <RefundSection orderId={orderId} currency={query.data.currency} />
    </>
  );
}

/** /till/receipts/:id/refunds/:refundId: a refund's receipt. */
export function RefundReceiptPage({ orderId, refundId }: { orderId: number; refundId: number }) {
  const t = useT();
  const path = { id: orderId, refund_id: refundId };
  const query = $api.useQuery('get', '/api/pos/{id}/refunds/{refund_id}/receipt', { params: { path } });
  const email = useApiMutation('post', '/api/pos/{id}/refunds/{refund_id}/receipt/email');
  const title = t('receipts.refundTitle', { id: orderId });
  if (!query.data) return <Unready query={query} title={title} />;
  return (
    <ReceiptScreen
      title={title}
      receipt={query.data}
      sending={email}
      send={(to) => email.mutate({ params: { path }, body: to ? { to } : {} })}
      sentTo={email.data?.to}
    />
  );
}

/** Loading, not found, or not yet a receipt (409: not paid, or a refund still with the provider). */
function Unready({ query, title }: { query: Parameters<typeof RecordState>[0]['query']; title: string }) {
  const t = useT();
  useTitle(title);
  if (query.isError && errorStatus(query.error) === 409) {
    return (
      <>
        <h1>{title}</h1>
        <p className="notice">{t('receipts.notYet')}</p>
      </>
    );
  }
  return <RecordState query={query} title={title} missing={t('receipts.missing')} />;
}

function ReceiptScreen({
  title,
  receipt,
  sending,
  send,
  sentTo,
}: {
  title: string;
  receipt: ReceiptData;
  sending: { error: unknown; isPending: boolean };
  send: (to: string) => void;
  sentTo: string | undefined;
}) {
  const t = useT();
  const [paper, setPaper] = useState<Paper>('roll');
  const record = useRef<HTMLElement>(null);
  useTitle(title);
  return (
    <>
      <h1 className="print-hide">{title}</h1>
      <PrintControls paper={paper} onPaper={setPaper} />
      <PageSize paper={paper} record={record} />
      <Receipt receipt={receipt} paper={paper} ref={record} />
      <section className="till-email print-hide" aria-labelledby="receipt-email">
        <h2 id="receipt-email">{t('receipts.email.title')}</h2>
        <ApiForm
          sending={sending}
          words={{ codes: { client_no_email: 'receipts.email.noAddress' } }}
          onSubmit={(form) => send(fieldText(form, 'to').trim())}
        >
          <TextField
            name="to"
            type="email"
            label={t('receipts.email.to')}
            description={t('receipts.email.toHelp', { client: receipt.client_name })}
          />
          <SubmitButton sending={sending}>{t('receipts.email.send')}</SubmitButton>
        </ApiForm>
        <p role="status">{sentTo && t('receipts.email.sent', { to: sentTo })}</p>
      </section>
    </>
  );
}
