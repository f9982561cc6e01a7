import { $api } from '../../../api/client';
import { useT } from '../../../i18n/i18n';
import { LoadError, Loading } from '../../../ui/PageStates';
import { useMoney } from '../../../ui/RecordPage';

/**
 * Who performs the service as the booking page sees it (GET /api/services/{id}/staff): the
 * active, bookable members who do, those who do every service included, each with the duration
 * and price the service takes with them. Read anew after a member's list below is saved.
 */
export function PerformedBy({ serviceId, currency }: { serviceId: number; currency: string }) {
  const t = useT();
  const money = useMoney(currency);
  const performers = $api.useQuery('get', '/api/services/{id}/staff', { params: { path: { id: serviceId } } });
  if (performers.isError) return <LoadError retry={() => void performers.refetch()} />;
  if (!performers.data) return <Loading />;
  return (
    <div className="performed-by">
      <h3>{t('manage.services.performedBy.title')}</h3>
      {performers.data.length === 0 ? (
        <p>{t('manage.services.performedBy.none')}</p>
      ) : (
        <ul>
          {performers.data.map((performer) => (
            <li key={performer.staff_id}>
              {t('manage.services.performedBy.row', {
                name: performer.name,
                minutes: performer.duration_min,
                price: money(performer.price),
              })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
