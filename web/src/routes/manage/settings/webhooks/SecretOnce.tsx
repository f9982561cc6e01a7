import { useT } from '../../../../i18n/i18n';

/**
 * A signing secret the service has just made: shown this once (the service answers only a
 * mask afterwards), selectable to copy, with the warning that it will not be shown again.
 */
export function SecretOnce({ secret }: { secret: string }) {
  const t = useT();
  return (
    <div className="notice webhooks-secret" role="status">
      <p>{t('manage.settings.webhooks.secretOnce')}</p>
      <label className="field">
        <span>{t('manage.settings.webhooks.secret')}</span>
        <input readOnly value={secret} onFocus={(event) => event.currentTarget.select()} />
      </label>
    </div>
  );
}
