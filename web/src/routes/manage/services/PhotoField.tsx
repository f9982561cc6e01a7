import { useId, useState } from 'react';
import { api, type Schemas } from '../../../api/client';
import { useApiMutation, useChange } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { SendButton } from '../../../ui/ApiForm';
import { FailureAlert } from '../../../ui/FailureAlert';
import { PHOTO_TYPES, photoProblem } from './photo-check';

type Service = Schemas['Service'];

/**
 * The service's photo on the booking page: chosen from the device and sent at once, after the
 * page has checked its type and size (a wrong one is said on the field, nothing sent); shown as
 * the booking page will show it; removed.
 */
export function PhotoField({ service, onDone }: { service: Service; onDone: (text: string) => void }) {
  const t = useT();
  const inputId = useId();
  const errorId = useId();
  const [problem, setProblem] = useState<'type' | 'size' | null>(null);
  const upload = useChange<unknown, File>(['post', '/api/services/{id}/photo'], {
    mutationFn: async (file) => {
      const body = new FormData();
      body.append('photo', file);
      await api.POST('/api/services/{id}/photo', {
        params: { path: { id: service.id } },
        body: body as never,
        bodySerializer: (value: unknown) => value as FormData,
      });
    },
    onSuccess: () => onDone(t('manage.services.photo.uploaded')),
  });
  const remove = useApiMutation('delete', '/api/services/{id}/photo', {
    onSuccess: () => onDone(t('manage.services.photo.removed')),
  });
  const choose = (file: File | undefined, input: HTMLInputElement) => {
    if (!file) return;
    const found = photoProblem(file);
    setProblem(found);
    if (found) return;
    upload.mutate(file, { onSettled: () => (input.value = '') });
  };
  return (
    <section aria-labelledby="service-photo" className="manage-block">
      <h2 id="service-photo">{t('manage.services.photo.title')}</h2>
      {service.photo_url ? (
        <img
          className="service-photo-preview"
          src={service.photo_url}
          alt={t('manage.services.photo.alt', { name: service.name })}
          width={160}
          height={160}
        />
      ) : (
        <p>{t('manage.services.photo.none')}</p>
      )}
      <div className="field" data-invalid={problem !== null || undefined}>
        <label htmlFor={inputId}>
          {service.photo_url ? t('manage.services.photo.replace') : t('manage.services.photo.choose')}
        </label>
        <input
          id={inputId}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          aria-describedby={errorId}
          aria-invalid={problem !== null || undefined}
          disabled={upload.isPending}
          onChange={(event) => choose(event.target.files?.[0], event.target)}
        />
        <p className="description">{t('manage.services.photo.help')}</p>
        <p id={errorId} className="error" role="alert">
          {problem === 'type' && t('manage.services.photo.wrongType')}
          {problem === 'size' && t('manage.services.photo.tooBig')}
        </p>
      </div>
      {upload.isPending && <p role="status">{t('app.sending')}</p>}
      <FailureAlert error={upload.error ?? remove.error} />
      {service.photo_url && (
        <SendButton
          variant="secondary"
          sending={remove}
          onSend={() => remove.mutate({ params: { path: { id: service.id } } })}
        >
          {t('manage.services.photo.remove')}
        </SendButton>
      )}
    </section>
  );
}
