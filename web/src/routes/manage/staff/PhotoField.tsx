import { useId, useRef, useState } from 'react';
import { api, type Schemas, unwrap } from '../../../api/client';
import { useApiMutation, useChange } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { SendButton } from '../../../ui/ApiForm';
import { FailureAlert } from '../../../ui/FailureAlert';
import { STAFF_WORDS } from './words';

type Member = Schemas['StaffListItem'];

/** What the service takes (it decides by the file's bytes; these are checked first, to say so before sending). */
const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The member's photo for the booking page: shown, replaced by choosing a file (sent at once), or
 * removed. A file of another type or over 2 MB is refused here, before anything is sent; the
 * service checks the bytes again (a PNG named .jpg is fine, a renamed text file is not).
 */
export function PhotoField({ member }: { member: Member }) {
  const t = useT();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [local, setLocal] = useState<string | null>(null);
  const upload = useChange<{ photo_url: string }, File>(['post', '/api/staff/staff/{id}/photo'], {
    mutationFn: (file) => {
      const body = new FormData();
      body.append('photo', file);
      return unwrap(
        api.POST('/api/staff/staff/{id}/photo', {
          params: { path: { id: member.id } },
          // The browser writes the multipart body and its boundary itself.
          body: body as never,
          bodySerializer: () => body,
        }),
      );
    },
  });
  const remove = useApiMutation('delete', '/api/staff/staff/{id}/photo');

  const choose = (file: File | undefined) => {
    setLocal(null);
    upload.reset();
    if (!file) return;
    if (!PHOTO_TYPES.includes(file.type)) setLocal(t('manage.staff.photo.wrongType'));
    else if (file.size > PHOTO_MAX_BYTES) setLocal(t('manage.staff.photo.tooLarge'));
    else upload.mutate(file);
    if (input.current) input.current.value = '';
  };

  return (
    <section className="staff-section" aria-labelledby="staff-photo">
      <h2 id="staff-photo">{t('manage.staff.photo.title')}</h2>
      {member.photo_url ? (
        <img
          className="staff-photo-large"
          src={member.photo_url}
          alt={t('manage.staff.photo.alt', { name: member.name })}
        />
      ) : (
        <p>{t('manage.staff.photo.none')}</p>
      )}
      <div className="field">
        <label htmlFor={inputId}>
          {member.photo_url ? t('manage.staff.photo.replace') : t('manage.staff.photo.choose')}
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          aria-describedby={`${inputId}-help`}
          onChange={(event) => choose(event.currentTarget.files?.[0])}
        />
        <p id={`${inputId}-help`} className="description">
          {t('manage.staff.photo.help')}
        </p>
      </div>
      <p role="status">{upload.isPending ? t('app.sending') : upload.isSuccess ? t('manage.staff.photo.saved') : ''}</p>
      {local && (
        <p role="alert" className="alert">
          {local}
        </p>
      )}
      <FailureAlert error={upload.error} words={STAFF_WORDS} />
      {member.photo_url && (
        <SendButton
          variant="secondary"
          sending={remove}
          onSend={() => remove.mutate({ params: { path: { id: member.id } } })}
        >
          {t('manage.staff.photo.remove')}
        </SendButton>
      )}
      <FailureAlert error={remove.error} words={STAFF_WORDS} />
    </section>
  );
}
