import { useId, useState } from 'react';
import { api, unwrap } from '../../../api/client';
import { useChange } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { SendButton } from '../../../ui/ApiForm';
import { FailureAlert } from '../../../ui/FailureAlert';

/** What the service takes (its own check is by the file's bytes; this one only spares a useless upload). */
const LOGO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/svg+xml', 'image/webp'];
const LOGO_MAX_BYTES = 5 * 1024 * 1024;

/** Why a chosen file will not do, before it is sent: its type by the browser's reading, or its size. */
export function logoProblem(file: Pick<File, 'type' | 'size'>): 'type' | 'size' | null {
  if (!LOGO_TYPES.includes(file.type)) return 'type';
  if (file.size > LOGO_MAX_BYTES) return 'size';
  return null;
}

/** The logo's path on the office's own origin: the service may name it under its public address, which the office's CSP does not allow. */
function sameOrigin(address: string): string {
  const url = new URL(address, window.location.href);
  return `${url.pathname}${url.search}`;
}

/**
 * The salon's logo: the one in use, a chosen file previewed before it is sent, and the upload.
 * A file of another type or too large is said at once and never sent.
 */
export function LogoUpload({ logoUrl }: { logoUrl: string | null }) {
  const t = useT();
  const input = useId();
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null);
  const [problem, setProblem] = useState<'type' | 'size' | null>(null);
  const file = chosen?.file ?? null;
  const upload = useChange(['post', '/api/settings/upload-logo'], {
    mutationFn: (logo: File) =>
      unwrap(
        api.POST('/api/settings/upload-logo', {
          body: { logo: '' },
          bodySerializer: () => {
            const body = new FormData();
            body.append('logo', logo);
            return body;
          },
        }),
      ),
    onSuccess: () => setChosen(null),
  });
  const choose = (picked: File | undefined) => {
    upload.reset();
    const wrong = picked ? logoProblem(picked) : null;
    setProblem(wrong);
    setChosen(null);
    if (!picked || wrong) return;
    // A data: address, which the office's content security policy allows for images (a blob: one it does not).
    const reader = new FileReader();
    reader.onload = () => typeof reader.result === 'string' && setChosen({ file: picked, preview: reader.result });
    reader.readAsDataURL(picked);
  };
  const preview = chosen?.preview ?? null;
  // The settings' own address of the logo (refreshed after the upload), on the office's origin.
  const shown = preview ?? (logoUrl ? sameOrigin(logoUrl) : null);

  return (
    <fieldset className="form-group settings-logo">
      <legend>{t('manage.settings.logo.legend')}</legend>
      <div className="settings-logo-frame">
        {shown ? (
          <img
            src={shown}
            alt={preview ? t('manage.settings.logo.previewAlt') : t('manage.settings.logo.currentAlt')}
            className="settings-logo-image"
          />
        ) : (
          <p className="description">{t('manage.settings.logo.none')}</p>
        )}
      </div>
      <div className="field">
        <label htmlFor={input}>{t('manage.settings.logo.choose')}</label>
        <input
          id={input}
          type="file"
          name="logo"
          accept={LOGO_TYPES.join(',')}
          aria-describedby={`${input}-help`}
          aria-invalid={problem !== null}
          onChange={(event) => choose(event.currentTarget.files?.[0])}
        />
        <p id={`${input}-help`} className="description">
          {t('manage.settings.logo.help')}
        </p>
        {problem && (
          <p className="error" role="alert">
            {problem === 'type' ? t('manage.settings.logo.wrongType') : t('manage.settings.logo.tooLarge')}
          </p>
        )}
      </div>
      <FailureAlert error={upload.error} />
      <div className="actions">
        <SendButton sending={upload} isDisabled={!file} onSend={() => file && upload.mutate(file)}>
          {t('manage.settings.logo.upload')}
        </SendButton>
        <p role="status" className={upload.isSuccess ? 'notice settings-saved' : 'settings-saved'}>
          {upload.isSuccess ? t('manage.settings.logo.uploaded') : ''}
        </p>
      </div>
    </fieldset>
  );
}
