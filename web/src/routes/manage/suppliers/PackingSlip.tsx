import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
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

/** The order's packing slip as a file, fetched with the admin's token (an <img> or <iframe> could not carry it). */
function useSlipFile(order: Order) {
  return useQuery({
    queryKey: ['get', '/api/suppliers/orders/{id}/packing-slip', order.id, order.packing_slip],
    enabled: order.packing_slip !== null,
    queryFn: async () => {
      const { data } = await api.GET('/api/suppliers/orders/{id}/packing-slip', {
        params: { path: { id: order.id } },
        parseAs: 'blob',
      });
      return data as Blob;
    },
  });
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
  const url = useObjectUrl(slip.data);
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
          <p>
            {order.packing_slip}{' '}
            <Button variant="secondary" onPress={() => slip.data && saveFile(slip.data, order.packing_slip ?? 'slip')}>
              {t('manage.suppliers.slip.download')}
            </Button>
          </p>
          {url !== null &&
            (slip.data?.type === 'application/pdf' ? (
              <iframe
                className="stock-slip"
                src={url}
                title={t('manage.suppliers.slip.shown', { name: order.packing_slip })}
              />
            ) : (
              <img
                className="stock-slip"
                src={url}
                alt={t('manage.suppliers.slip.shown', { name: order.packing_slip })}
              />
            ))}
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

/** An object URL for a file while it is shown, revoked when it changes or the page closes. */
function useObjectUrl(file: Blob | undefined): string | null {
  const [shown, setShown] = useState<{ file: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    const made = URL.createObjectURL(file);
    let current = true;
    // Set once the effect has run (not during it), so a file replaced meanwhile never shows.
    void Promise.resolve().then(() => current && setShown({ file, url: made }));
    return () => {
      current = false;
      URL.revokeObjectURL(made);
    };
  }, [file]);
  return shown !== null && shown.file === file ? shown.url : null;
}
