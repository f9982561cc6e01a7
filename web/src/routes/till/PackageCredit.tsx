import { $api } from '../../api/client';
import { LOCALE_OF, useLanguage, useT } from '../../i18n/i18n';
import { NativeCheckbox } from '../../ui/NativeCheckbox';

/**
 * A service line paid with the client's package credits: offered only when the client has
 * credits left for that service, with how many; credits whose package's validity has passed are
 * said so instead (the service would refuse them, 409 `package_credit_expired`). Which credits
 * are spent, oldest first, is the service's choice. One read of the client's credits serves every
 * line (the same query).
 */
export function PackageCredit({
  clientId,
  serviceId,
  name,
  checked,
  onChange,
}: {
  clientId: number;
  serviceId: number;
  name: string;
  checked: boolean;
  onChange: (useCredit: boolean) => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const credits = $api.useQuery('get', '/api/packages/credits', { params: { query: { client_id: clientId } } });
  const mine = (credits.data ?? []).filter((credit) => credit.service_id === serviceId && credit.remaining > 0);
  const left = mine.filter((credit) => !credit.expired).reduce((sum, credit) => sum + credit.remaining, 0);
  if (left > 0 || checked) {
    return (
      <div className="till-line-credit">
        <NativeCheckbox checked={checked} onChange={onChange}>
          {t('till.credit.use', { name, left })}
        </NativeCheckbox>
      </div>
    );
  }
  const expired = mine.filter((credit) => credit.expired && credit.expires_on !== null);
  if (expired.length === 0) return null;
  const last = expired
    .map((credit) => credit.expires_on!)
    .sort()
    .at(-1)!;
  const day = new Intl.DateTimeFormat(LOCALE_OF[language], { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${last}T00:00:00Z`),
  );
  return <p className="description till-line-credit">{t('till.credit.expired', { day })}</p>;
}
