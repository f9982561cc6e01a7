import { $api } from '../../api/client';
import { useT } from '../../i18n/i18n';

/** "Call the salon: 020 123 4567." with the number as a link a phone dials, or "Please contact the salon." */
export function CallSalon() {
  const t = useT();
  const phone = $api.useQuery('get', '/api/public/salon-page').data?.salon_phone.trim() ?? '';
  if (phone === '') return <>{t('account.bookings.contactSalon')}</>;
  const [before, after] = t('account.bookings.callSalon', { phone: '\u0000' }).split('\u0000');
  return (
    <>
      {before}
      <a href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{phone}</a>
      {after}
    </>
  );
}
