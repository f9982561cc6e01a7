import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { api, type Schemas } from '../../../api/client';
import { useChange } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { Button } from '../../../ui/Button';
import { FailureAlert } from '../../../ui/FailureAlert';
import { saveFile } from '../save-file';

type Order = Schemas['PurchaseOrder'];

/** What the service takes (it decides by the file's content; the browser's type is the first check). */
const SLIP_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const SLIP_MAX_BYTES = 10 * 1024 * 1024;

/** A file as a data: URL, which the pages' Content-Security-Policy lets an <img> show (a blob: URL it does not). */
function dataUrlOf(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/**
 * The order's packing slip, fetched with the admin's token (an <img> could not carry it): the
 * file, and for an image its data: URL to show in the page.
 */
function useSlipFile(order: Order) {
  return useQuery({
    queryKey: ['get', '/api/suppliers/orders/{id}/packing-slip', order.id, order.packing_slip],
    enabled: order.packing_slip !== null,
    queryFn: async () => {
      const { data } = await api.GET('/api/suppliers/orders/{id}/packing-slip', {
        params: { path: { id: order.id } },
        parseAs: 'blob',
      });
      const file = data as Blob;
      return { file, image: file.type.startsWith('image/') ? await dataUrlOf(file) : null };
    },
  });
}

/** A PDF opened in the browser's own viewer, in a tab of its own (the page's policy frames nothing but itself). */
function openInTab(file: Blob): void {
  const url = URL.createObjectURL(file);
  window.open(url, '_blank', 'noopener');
  // The new tab has read the file by the time a minute has passed.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The packing slip: uploaded (PDF or image, at most 10 MB: a wrong type or size is said before
 * anything is sent), shown in the page (an image as itself, a PDF in the browser's viewer), and
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
      return queryClient.invalidateQueries({ queryKey: ['get', '/api/suppliers/orders/{id}/packing-slip'] });
    },
  });
  const slip = useSlipFile(order);
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
            <Button
              variant="secondary"
              onPress={() => slip.data && saveFile(slip.data.file, order.packing_slip ?? 'packing-slip')}
            >
              {t('manage.suppliers.slip.download')}
            </Button>
            {slip.data?.file.type === 'application/pdf' && (
              <Button variant="secondary" onPress={() => slip.data && openInTab(slip.data.file)}>
                {t('manage.suppliers.slip.open')}
              </Button>
            )}
          </p>
          {slip.data?.image && (
            <img
              className="stock-slip"
              src={slip.data.image}
              alt={t('manage.suppliers.slip.shown', { name: order.packing_slip })}
            />
          )}
          <FailureAlert error={slip.error} />
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
