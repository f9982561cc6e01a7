import { useLocation } from 'wouter';
import { $api } from '../../../../api/client';
import { errorStatus } from '../../../../api/errors';
import { useT } from '../../../../i18n/i18n';
import { Loading, LoadError } from '../../../../ui/PageStates';
import { LocationForm } from './LocationsPage';

/**
 * One location at its own address (`/manage/settings/locations/<id>`), read by its id, so a
 * reload or a shared link opens it: the same form as on the locations' page; once deleted, back
 * there. An id that names no location says so.
 */
export function LocationPage({ id, locationsHref }: { id: number; locationsHref: string }) {
  const t = useT();
  const [, navigate] = useLocation();
  const location = $api.useQuery('get', '/api/locations/{id}', { params: { path: { id } } });
  if (location.isError) {
    if (errorStatus(location.error) === 404) return <p>{t('manage.settings.locations.missing')}</p>;
    return <LoadError retry={() => void location.refetch()} />;
  }
  if (!location.data) return <Loading />;
  return <LocationForm location={location.data} onDeleted={() => navigate(locationsHref, { replace: true })} />;
}
