import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { api, type Schemas } from '../../../api/client';
import { useChange } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { Button } from '../../../ui/Button';
import { FailureAlert } from '../../../ui/FailureAlert';
import { saveFile } from '../../../lib/save-file';

type Order = Schemas['PurchaseOrder'];

/** What the service takes (it decides by the file's content; the browser's type is the first check). */
const SLIP_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const SLIP_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Where the order's slip is shown from: a five-minute address the service gives for the signed-in
 * user's token (a frame or an <img> cannot send one), answered inline with a sandboxed policy of
 * its own, which the office's policy lets a frame show (frame-src 'self'). Asked each time the
 * slip is shown, and with every new slip.
 */
function useSlipView(order: Order) {
  return useQuery({
    queryKey: ['post', '/api/suppliers/orders/{id}/packing-slip/view-link', order.id, order.packing_slip],
    enabled: order.packing_slip !== null,
    // Once per showing: a frame already loaded keeps its document, and a new address would reload it.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    queryFn: async () => {
      const { data } = await api.POST('/api/suppliers/orders/{id}/packing-slip/view-link', {
        params: { path: { id: order.id } },
      });
      if (!data) throw new Error('no view address');
      return data.url;
    },
  });
}

/** The slip's file, fetched with the user's token when the download is asked for. */
async function download(order: Order): Promise<void> {
  const { data } = await api.GET('/api/suppliers/orders/{id}/packing-slip', {
    params: { path: { id: order.id } },
    parseAs: 'blob',
  });
  if (data) saveFile(data, order.packing_slip ?? 'packing-slip');
}

/**
 * The packing slip: uploaded (PDF or image, at most 10 MB: a wrong type or size is said before
 * anything is sent), shown in the page (an image as itself, a PDF in a frame: the browser's viewer), and
 * downloaded under its generated name.
 */
export function PackingSlip({ order }: { order: Order }) {
  const t = useT();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState('');
  const queryClient = useQueryClient();
  const upload = useChange<unknown, File>(['post', '/api/suppliers/orders/{id}/packing-slip'], {
    mutationFn: async (file) => {
      const body = new FormData();
      body.append('file', file);
      return api.POST('/api/suppliers/orders/{id}/packing-slip', {
        params: { path: { id: order.id } },
        body: body as never,
        bodySerializer: (value: unknown) => value as FormData,
      });
    },
    onSuccess: () => {
      if (input.current) input.current.value = '';
      // The new slip's view address (the old one stopped when the file was replaced).
      return queryClient.invalidateQueries({
        queryKey: ['post', '/api/suppliers/orders/{id}/packing-slip/view-link', order.id],
      });
    },
  });
  const view = useSlipView(order);
  const isPdf = order.packing_slip?.toLowerCase().endsWith('.pdf') ?? false;
  const send = () => {
    const file = input.current?.files?.[0];
    setProblem('');
    if (!file) return setProblem(t('manage.suppliers.slip.choose'));
    if (!SLIP_TYPES.includes(file.type)) return setProblem(t('manage.suppliers.slip.wrongType'));
    if (file.size > SLIP_MAX_BYTES) return setProblem(t('manage.suppliers.slip.tooLarge'));
    upload.mutate(file);
  };
  return (
    <section className="record-section" aria-labelledby="order-slip">
      <h2 id="order-slip">{t('manage.suppliers.slip.heading')}</h2>
      {order.packing_slip === null ? (
        <p>{t('manage.suppliers.slip.none')}</p>
      ) : (
        <>
          <p className="stock-slip-name">
            {order.packing_slip}{' '}
            <Button variant="secondary" onPress={() => void download(order)}>
              {t('manage.suppliers.slip.download')}
            </Button>
          </p>
          {view.data &&
            (isPdf ? (
              <iframe
                className="stock-slip stock-slip-frame"
                src={view.data}
                title={t('manage.suppliers.slip.shown', { name: order.packing_slip })}
              />
            ) : (
              <img
                className="stock-slip"
                src={view.data}
                alt={t('manage.suppliers.slip.shown', { name: order.packing_slip })}
              />
            ))}
          <FailureAlert error={view.error} />
        </>
      )}
      <div className="stock-filters">
        <div className="field">
          <label htmlFor={inputId}>{t('manage.suppliers.slip.file')}</label>
          <input
            id={inputId}
            ref={input}
            type="file"
            accept={SLIP_TYPES.join(',')}
            aria-describedby={problem ? `${inputId}-problem` : undefined}
            aria-invalid={problem !== '' || undefined}
            onChange={() => setProblem('')}
          />
          {problem && (
            <p id={`${inputId}-problem`} className="error" role="alert">
              {problem}
            </p>
          )}
        </div>
        <Button variant="secondary" onPress={() => !upload.isPending && send()}>
          {upload.isPending ? t('app.sending') : t('manage.suppliers.slip.upload')}
        </Button>
      </div>
      <FailureAlert error={upload.error} />
    </section>
  );
}
